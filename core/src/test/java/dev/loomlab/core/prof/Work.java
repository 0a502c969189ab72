package dev.loomlab.core.prof;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU-bound methods the profiler tests tell apart by name in a profile's stacks. Each burns at least the
 * given CPU time of the calling thread (its own CPU clock, so a loaded machine makes it last longer in wall
 * time, never fewer samples), with its own loop, so a sample inside it names it even where the JIT inlines.
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
        long end = cpu() + cpuMillis * 1_000_000;
        double x = 0;
        while (cpu() < end) {
            for (int i = 0; i < 50_000; i++) {
                x += Math.sqrt(i + x);
            }
        }
        sink = x;
    }

    static void firstIterationWork(long cpuMillis) {
        long end = cpu() + cpuMillis * 1_000_000;
        double x = 0;
        while (cpu() < end) {
            for (int i = 0; i < 50_000; i++) {
                x += Math.sqrt(i + x);
            }
        }
        sink = x;
    }

    static void secondIterationWork(long cpuMillis) {
        long end = cpu() + cpuMillis * 1_000_000;
        double x = 0;
        while (cpu() < end) {
            for (int i = 0; i < 50_000; i++) {
                x += Math.sqrt(i + x);
            }
        }
        sink = x;
    }

    static void betweenIterationsWork(long cpuMillis) {
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
