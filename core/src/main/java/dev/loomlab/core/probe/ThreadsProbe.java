package dev.loomlab.core.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;

/**
 * Live platform threads during the iteration (virtual threads are not counted, as in article 001):
 * {@code threads_peak} (the JVM's own peak counter), {@code threads_daemon_peak} and
 * {@code threads_nondaemon_peak} (sampled every {@value Sampler#PERIOD_MS} ms, so a shorter-lived
 * peak can be missed). loomlab's own {@link HelperThreads} (daemon) are subtracted.
 */
public final class ThreadsProbe implements SampledProbe {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private volatile int peakTotal;
    private volatile int peakDaemon;
    private volatile int peakNonDaemon;

    @Override
    public void beforeIteration() {
        threads.resetPeakThreadCount();
        peakTotal = 0;
        peakDaemon = 0;
        peakNonDaemon = 0;
    }

    @Override
    public void sample() {
        int total = threads.getThreadCount();
        int daemon = threads.getDaemonThreadCount();
        peakTotal = Math.max(peakTotal, total);
        peakDaemon = Math.max(peakDaemon, daemon);
        peakNonDaemon = Math.max(peakNonDaemon, total - daemon);
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        int helpers = HelperThreads.alive();
        int total = Math.max(threads.getPeakThreadCount(), peakTotal);
        metrics.put("threads_peak", (double) (total - helpers));
        metrics.put("threads_daemon_peak", (double) Math.max(0, peakDaemon - helpers));
        metrics.put("threads_nondaemon_peak", (double) peakNonDaemon);
    }
}
