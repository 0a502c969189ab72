package dev.loomlab.core.prof;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU-bound methods the profiler tests tell apart by name in a profile's stacks. Each burns at least the
 * given CPU time of the calling thread (its own CPU clock, so a loaded machine makes it last longer in wall
 * time, never fewer samples), in one shared loop: a sample inside it names it on its stack, as its caller, even
 * where the JIT inlines the loop (JFR and async-profiler record inlined frames as frames).
 */
final class Work {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static volatile double sink;

    private Work() {
    }

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static void warmUpWork(long cpuMillis) {
        burn(cpuMillis);
    }

    static void firstIterationWork(long cpuMillis) {
        burn(cpuMillis);
    }

    static void secondIterationWork(long cpuMillis) {
        burn(cpuMillis);
    }

    static void betweenIterationsWork(long cpuMillis) {
        burn(cpuMillis);
    }

    /** The loop every method above runs, so that each is on the stack of every sample taken while it works. */
    private static void burn(long cpuMillis) {
        long end = cpu() + cpuMillis * 1_000_000;
        double x = 0;
        while (cpu() < end) {
            for (int i = 0; i < 50_000; i++) {
                x += Math.sqrt(i + x);
            }
        }
        sink = x;
    }
}
