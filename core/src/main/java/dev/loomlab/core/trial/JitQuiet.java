package dev.loomlab.core.trial;

import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.model.TaskClock;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Keeps the JIT compiler's background work out of measured iterations. On two cores a compiler thread
 * busy with loomlab's own bookkeeping (histograms, encoding) would steal CPU from the model being
 * measured: that cost ~7 ms of a 110 ms virtual-thread iteration before this class existed.
 */
final class JitQuiet {
    /** The compiler counts as idle once its total time has not grown for this long, in ms. */
    private static final long QUIET_MS = 10;
    /** Never wait longer than this for it, in ms (a workload may keep it busy for good). */
    private static final long MAX_WAIT_MS = 2_000;

    private JitQuiet() {
    }

    /** Runs the per-iteration bookkeeping until the JIT has compiled it, before any iteration. */
    static void warmBookkeeping() {
        TaskClock clock = new TaskClock(20_000);
        for (int i = 0; i < clock.tasks(); i++) {
            clock.submitted(i);
            clock.run(i, index -> {
            });
        }
        for (int round = 0; round < 30; round++) {
            HistogramCodec.decode(HistogramCodec.encode(TrialExecutor.latencies(clock)));
        }
    }

    /** Waits (bounded) until the JIT compiler has been idle for a moment. */
    static void awaitIdleCompiler() throws InterruptedException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + MAX_WAIT_MS * 1_000_000;
        long last = jit.getTotalCompilationTime();
        while (System.nanoTime() < deadline) {
            Thread.sleep(QUIET_MS);
            long now = jit.getTotalCompilationTime();
            if (now == last) {
                return;
            }
            last = now;
        }
    }
}
