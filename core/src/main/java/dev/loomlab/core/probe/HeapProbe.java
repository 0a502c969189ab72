package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Map;

/**
 * {@code peak_heap_mb}: the sum of every heap pool's peak usage during the iteration (pool peaks
 * reset before it). Peaks of different pools need not coincide, so this is an upper bound of the
 * heap's true peak, the same way for every model.
 */
public final class HeapProbe implements Probe {
    private final List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isValid())
            .toList();

    @Override
    public void beforeIteration() {
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        long peak = 0;
        for (MemoryPoolMXBean p : heapPools) {
            peak += p.getPeakUsage().getUsed();
        }
        metrics.put(Metric.PEAK_HEAP_MB.name(), heapPools.isEmpty() ? Double.NaN : peak / (1024.0 * 1024.0));
    }
}
