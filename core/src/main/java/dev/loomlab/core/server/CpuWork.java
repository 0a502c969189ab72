package dev.loomlab.core.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code cpu} endpoint's request: sums square roots on the calling thread until that thread's CPU
 * clock has advanced by the time asked, so that a request costs CPU, never waiting — a thread the OS
 * preempts meanwhile computes longer in wall time, not less in CPU time.
 * <p>
 * The clock is the JVM's thread CPU time ({@link ThreadMXBean#getCurrentThreadCpuTime}); a virtual thread
 * has none there (-1), so it reads its carrier's from Linux's {@code /proc/thread-self/schedstat}: a virtual
 * thread that only computes never parks, so it stays on that carrier from the first reading to the last.
 * The clock is read between chunks of work sized from the rate measured so far, a few readings per
 * request. The sum goes to a volatile field, so the JIT cannot drop the work.
 */
public final class CpuWork {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path CARRIER_CLOCK = Path.of("/proc/thread-self/schedstat");
    private static final long FIRST_CHUNK = 10_000;
    /** About 30 ms of square roots here: the most a clock reading can be late by. */
    private static final long MAX_CHUNK = 1L << 23;
    /** Readings at most: with chunks growing fourfold when the clock stands still, never reached unless it is broken. */
    private static final int MAX_READINGS = 100_000;

    /** Where every sum goes, so that it is used. */
    private static volatile double sink;

    private CpuWork() {
    }

    /**
     * Computes on the calling thread for at least {@code cpuNanos} of its CPU time.
     *
     * @return the CPU time it took by its clock, ns (at least {@code cpuNanos} unless the clock is broken)
     * @throws UnsupportedOperationException when the thread has no CPU clock (a virtual thread off Linux)
     */
    public static long spend(long cpuNanos) {
        long start = now();
        long target = start + cpuNanos;
        long chunk = FIRST_CHUNK;
        long i = 0;
        double sum = 0;
        long before = start;
        for (int readings = 0; readings < MAX_READINGS; readings++) {
            for (long end = i + chunk; i < end; i++) {
                sum += Math.sqrt(i);
            }
            long after = now();
            if (after >= target) {
                sink = sum;
                return after - start;
            }
            long took = after - before;
            // Aim the next chunk at what is left, growing at most fourfold: the clock may advance in steps.
            long next = took > 0 ? (long) ((double) chunk * (target - after) / took) : chunk * 4;
            chunk = Math.clamp(next, FIRST_CHUNK / 10, Math.min(chunk * 4, MAX_CHUNK));
            before = after;
        }
        sink = sum;
        return now() - start;
    }

    /** The calling thread's CPU clock, ns. */
    static long now() {
        long t = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        if (t >= 0) {
            return t;
        }
        try {
            // "run time on the cpu (ns), wait time on a runqueue (ns), timeslices run"
            String line = Files.readString(CARRIER_CLOCK);
            return Long.parseLong(line.substring(0, line.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            throw new UnsupportedOperationException("no CPU clock for " + Thread.currentThread()
                    + ": the JVM gives none and " + CARRIER_CLOCK + " cannot be read (" + e + ")");
        }
    }
}
