package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * {@code gc_count} and {@code gc_time_ms}: collections and their time during the iteration, from the
 * stop-the-world collectors only (beans named "… Cycles" or "… Concurrent …" count concurrent work,
 * which does not stop the application and would double-count).
 */
public final class GcProbe implements Probe {
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(b -> !b.getName().contains("Cycles") && !b.getName().contains("Concurrent"))
            .toList();
    private long countBefore;
    private long timeBefore;

    @Override
    public void beforeIteration() {
        countBefore = count();
        timeBefore = time();
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        metrics.put(Metric.GC_COUNT.name(), (double) (count() - countBefore));
        metrics.put(Metric.GC_TIME_MS.name(), (double) (time() - timeBefore));
    }

    private long count() {
        return collectors.stream().mapToLong(b -> Math.max(0, b.getCollectionCount())).sum();
    }

    private long time() {
        return collectors.stream().mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }
}
