package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * {@code allocated_mb}: heap bytes allocated by all threads during the iteration (HotSpot's per-thread
 * allocation counters, which virtual threads add to through their carriers), in MiB. The trial derives
 * {@code allocated_bytes_per_task} from it.
 */
public final class AllocationProbe implements Probe {
    private final com.sun.management.ThreadMXBean threads;
    private long before;

    public AllocationProbe() {
        var bean = ManagementFactory.getThreadMXBean();
        this.threads = bean instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()
                ? sun : null;
        if (threads != null && !threads.isThreadAllocatedMemoryEnabled()) {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
    }

    @Override
    public void beforeIteration() {
        before = threads == null ? -1 : threads.getTotalThreadAllocatedBytes();
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        long after = threads == null ? -1 : threads.getTotalThreadAllocatedBytes();
        metrics.put(Metric.ALLOCATED_MB.name(), before < 0 || after < 0 ? Double.NaN : (after - before) / (1024.0 * 1024.0));
    }
}
