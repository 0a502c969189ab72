package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import dev.loomlab.core.probe.AllocationProbe;
import dev.loomlab.core.probe.GcProbe;
import dev.loomlab.core.stats.Metric;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --prof gc}, JMH's {@code -prof gc} in loomlab's terms: per measured iteration, the heap allocated
 * ({@code allocated_mb}, {@code allocation_rate_mb_per_s}: {@link AllocationProbe}'s reading), the
 * stop-the-world collections and their time ({@code gc_count}, {@code gc_time_ms}: {@link GcProbe}'s), and
 * the churn of each heap pool ({@code gc_churn_<pool>_mb} and {@code gc_churn_<pool>_rate_mb_per_s},
 * MiB freed by the iteration's collections, {@link GcChurn}). The first four are the standard probes'
 * figures under their standard names, so a trial JVM, which has them already, gets the same values; a
 * server JVM gets them only from here. Rates are per second of the span from {@link #resume} to
 * {@link #pause}. Writes no file.
 */
final class GcProfiler extends GuardedProfiler {
    private static final double MIB = 1024.0 * 1024.0;

    private final AllocationProbe allocation = new AllocationProbe();
    private final GcProbe collections = new GcProbe();
    private GcChurn churn;
    private long started;

    GcProfiler() {
        super(ProfilerSpec.gc());
        try {
            churn = new GcChurn();
        } catch (RuntimeException e) {
            failed("listening to garbage collections", e);
        }
    }

    /** {@code gc_churn_<pool>_mb} for a heap pool's name ("G1 Eden Space" → {@code gc_churn_g1_eden_space_mb}). */
    static String churnMetric(String pool) {
        return ProfilerMetrics.GC_CHURN_MB.named(slug(pool));
    }

    /** {@code gc_churn_<pool>_rate_mb_per_s} for a heap pool's name. */
    static String churnRateMetric(String pool) {
        return ProfilerMetrics.GC_CHURN_RATE_MB_PER_S.named(slug(pool));
    }

    private static String slug(String pool) {
        return pool.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
    }

    @Override
    void start() {
        churn.begin();
        collections.beforeIteration();
        allocation.beforeIteration();
        started = System.nanoTime();
    }

    @Override
    Map<String, Double> stop() {
        long wallNanos = System.nanoTime() - started;
        Map<String, Double> metrics = new LinkedHashMap<>();
        allocation.afterIteration(wallNanos, metrics);
        collections.afterIteration(wallNanos, metrics);
        double seconds = wallNanos / 1e9;
        Double allocatedMb = metrics.get(Metric.ALLOCATED_MB.name());
        metrics.put(Metric.ALLOCATION_RATE_MB_PER_S.name(), allocatedMb == null ? Double.NaN : allocatedMb / seconds);
        Map<String, Long> freed = churn.end();
        for (String pool : churn.pools()) {
            double mb = freed == null ? Double.NaN : freed.get(pool) / MIB;
            metrics.put(churnMetric(pool), mb);
            metrics.put(churnRateMetric(pool), mb / seconds);
        }
        return metrics;
    }

    @Override
    ProfileRecord write() {
        discard();
        return ProfileRecord.written(spec(), List.of(), null);
    }

    @Override
    void discard() {
        if (churn != null) {
            churn.close();
        }
    }
}
