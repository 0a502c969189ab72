package dev.loomlab.report;

import dev.loomlab.core.result.Result;

/**
 * Which term of a calibrated bound (scenario {@code task}) binds: {@code I/O-bound} when it is
 * ⌈tasks / N⌉ waves of one call's latency alone, {@code CPU-bound} when the CPU per call spread over the
 * cores is longer. Read back from the result: the waiting term is arithmetic on {@code serial_task_ms},
 * the task count and the model's concurrency, and a bound above it is the CPU term.
 */
final class BoundTerm {
    private BoundTerm() {
    }

    /** The note, or null for a result without a calibrated bound. */
    static String of(Result r) {
        if (!"task".equals(r.scenario()) || r.boundMs() == null || r.serialTaskMs() == null || r.modelInfo() == null
                || !(r.params().get("tasks") instanceof Number tasks)) {
            return null;
        }
        int limit = Math.max(1, Math.min(r.modelInfo().limit(), tasks.intValue()));
        double waiting = Math.ceil(tasks.doubleValue() / limit) * r.serialTaskMs();
        return r.boundMs() > waiting * 1.000001 ? "CPU-bound" : "I/O-bound";
    }
}
