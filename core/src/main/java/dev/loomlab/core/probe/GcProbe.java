package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.util.Map;

/**
 * {@code gc_count} and {@code gc_time_ms}: collections and their time during the iteration, from the
 * stop-the-world collectors only ({@link StopTheWorldCollectors}).
 */
public final class GcProbe implements Probe {
    private final StopTheWorldCollectors collectors = new StopTheWorldCollectors();
    private long countBefore;
    private long timeBefore;

    @Override
    public void beforeIteration() {
        countBefore = collectors.count();
        timeBefore = collectors.timeMillis();
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        metrics.put(Metric.GC_COUNT.name(), (double) (collectors.count() - countBefore));
        metrics.put(Metric.GC_TIME_MS.name(), (double) (collectors.timeMillis() - timeBefore));
    }
}
