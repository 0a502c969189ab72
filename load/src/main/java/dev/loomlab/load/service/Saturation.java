package dev.loomlab.load.service;

/**
 * What one reading of a service said of how close it is to its limits, NaN for each figure it did not give. Gauges are
 * the value at the reading; counters ({@code cpuSeconds}, {@code gcPauseSeconds}) are totals, read twice to give a rate.
 *
 * @param nanos          when it was read, {@link System#nanoTime}
 * @param threadsBusy    threads of its request pool serving a request
 * @param threadsMax     the most threads that pool runs
 * @param poolActive     connections of its database pool in use
 * @param poolPending    callers waiting for one
 * @param poolMax        the most connections that pool opens
 * @param cpuRatio       its CPU over a recent interval, a share of {@code cores}, 0..1
 * @param cpuSeconds     its CPU time so far, s (counter)
 * @param cores          the cores its CPU figures are a share of
 * @param gcPauseRatio   the share of a recent interval its stop-the-world collections took, 0..1
 * @param gcPauseSeconds its stop-the-world collections' time so far, s (counter)
 * @param vtQueued       its virtual threads waiting for a carrier (its scheduler's bean, JDK 24+)
 * @param timerLateMs    how late a 1 ms sleep of one of its virtual threads woke over a recent interval, p99, ms
 */
public record Saturation(long nanos, double threadsBusy, double threadsMax, double poolActive, double poolPending,
                         double poolMax, double cpuRatio, double cpuSeconds, double cores, double gcPauseRatio,
                         double gcPauseSeconds, double vtQueued, double timerLateMs) {
    /** A reading of a source that tells nothing of a virtual-thread scheduler. */
    public Saturation(long nanos, double threadsBusy, double threadsMax, double poolActive, double poolPending,
                      double poolMax, double cpuRatio, double cpuSeconds, double cores, double gcPauseRatio,
                      double gcPauseSeconds) {
        this(nanos, threadsBusy, threadsMax, poolActive, poolPending, poolMax, cpuRatio, cpuSeconds, cores, gcPauseRatio,
                gcPauseSeconds, Double.NaN, Double.NaN);
    }

    /** A reading that told nothing, at {@code nanos}. */
    public static Saturation nothing(long nanos) {
        double n = Double.NaN;
        return new Saturation(nanos, n, n, n, n, n, n, n, n, n, n);
    }

    /** True when it told at least one figure. */
    public boolean toldAnything() {
        for (double v : new double[] {threadsBusy, threadsMax, poolActive, poolPending, poolMax, cpuRatio, cpuSeconds,
                gcPauseRatio, gcPauseSeconds, vtQueued, timerLateMs}) {
            if (!Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }
}
