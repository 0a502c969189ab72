package dev.loomlab.cli;

import dev.loomlab.core.outcome.LiveSample;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.Arrays;

/**
 * {@code loomlab_task_duration_seconds}: a Prometheus histogram of the submit-to-done latency of every
 * task of the run's measured iterations, added up from the buckets each trial sends once an iteration
 * has ended ({@link LiveSample.LatencyBuckets}). Made with the Prometheus client's own model, so that
 * the exposition format stays the registry's.
 */
final class TaskLatencyHistogram implements Collector {
    static final String NAME = "loomlab_task_duration_seconds";

    private final double[] bounds;
    private final long[] perBucket;
    private double sum;

    TaskLatencyHistogram() {
        double[] finite = LiveSample.LatencyBuckets.BOUNDS_SECONDS;
        bounds = Arrays.copyOf(finite, finite.length + 1);
        bounds[finite.length] = Double.POSITIVE_INFINITY;
        perBucket = new long[bounds.length];
    }

    /** Adds one measured iteration's tasks. */
    synchronized void add(LiveSample.LatencyBuckets iteration) {
        long[] per = iteration.perBucket();
        for (int i = 0; i < perBucket.length; i++) {
            perBucket[i] += per[i];
        }
        sum += iteration.sumSeconds();
    }

    @Override
    public synchronized MetricSnapshot collect() {
        return HistogramSnapshot.builder()
                .name(NAME)
                .unit(Unit.SECONDS)
                .help("submit-to-done latency of the tasks of the run's measured iterations")
                .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, perBucket.clone()))
                        .sum(sum)
                        .build())
                .build();
    }

    @Override
    public String getPrometheusName() {
        return NAME;
    }
}
