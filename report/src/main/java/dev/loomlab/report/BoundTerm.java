package dev.loomlab.report;

import dev.loomlab.core.result.Result;

/**
 * Which term of a calibrated bound (scenarios {@code task} and {@code db}) binds: {@code I/O-bound} when it
 * is ⌈tasks / N⌉ waves of one call's latency alone, {@code CPU-bound} when the CPU per call spread over the
 * cores is longer, and for calls that each hold a pooled connection ({@code db}), {@code pool-bound} when N
 * is the pool's {@code connections} rather than the model's concurrency. Read back from the result: the
 * waiting term is arithmetic on {@code serial_task_ms}, the task count, the model's concurrency and the
 * pool's size, and a bound above it is the CPU term.
 */
final class BoundTerm {
    private static final String CONNECTIONS = "connections";

    private BoundTerm() {
    }

    /** The note, or null for a result without a calibrated bound. */
    static String of(Result r) {
        boolean pooled = "db".equals(r.scenario());
        if (!("task".equals(r.scenario()) || pooled) || r.boundMs() == null || r.serialTaskMs() == null || r.modelInfo() == null
                || !(r.params().get("tasks") instanceof Number tasks)) {
            return null;
        }
        int model = r.modelInfo().limit();
        int pool = pooled && r.params().get(CONNECTIONS) instanceof Number n ? n.intValue() : Integer.MAX_VALUE;
        int limit = Math.max(1, Math.min(Math.min(model, pool), tasks.intValue()));
        double waiting = Math.ceil(tasks.doubleValue() / limit) * r.serialTaskMs();
        if (r.boundMs() > waiting * 1.000001) {
            return "CPU-bound";
        }
        return pool < model && pool < tasks.intValue() ? "pool-bound (" + pool + " connections)" : "I/O-bound";
    }
}
