package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;

/**
 * Live platform threads during the iteration (virtual threads are not counted, as in article 001):
 * {@code threads_peak}, from the JVM's own peak counter; and, only when sampling was asked for,
 * {@code threads_daemon_peak} and {@code threads_nondaemon_peak} (sampled every {@value Sampler#PERIOD_MS}
 * ms, so a shorter-lived peak can be missed). loomlab's own {@link HelperThreads} (daemon) are subtracted.
 */
public final class ThreadsProbe implements SampledProbe {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private volatile int peakTotal;
    private volatile int peakDaemon;
    private volatile int peakNonDaemon;
    private final boolean sampled;

    /** @param sampled true when a {@link Sampler} calls {@link #sample} during each iteration */
    public ThreadsProbe(boolean sampled) {
        this.sampled = sampled;
    }

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
        metrics.put(Metric.THREADS_PEAK.name(), (double) (total - helpers));
        if (sampled) {
            metrics.put(Metric.THREADS_DAEMON_PEAK.name(), (double) Math.max(0, peakDaemon - helpers));
            metrics.put(Metric.THREADS_NONDAEMON_PEAK.name(), (double) peakNonDaemon);
        }
    }
}
