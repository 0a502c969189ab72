package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.lang.management.ManagementFactory;
import java.util.Map;

/** {@code cpu_util_pct}: process CPU time / (wall × cores) × 100 over the iteration. */
public final class CpuProbe implements Probe {
    private final com.sun.management.OperatingSystemMXBean os;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private long cpuBefore;

    public CpuProbe() {
        var bean = ManagementFactory.getOperatingSystemMXBean();
        this.os = bean instanceof com.sun.management.OperatingSystemMXBean sun ? sun : null;
    }

    @Override
    public void beforeIteration() {
        cpuBefore = os == null ? -1 : os.getProcessCpuTime();
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        long cpuAfter = os == null ? -1 : os.getProcessCpuTime();
        boolean available = cpuBefore >= 0 && cpuAfter >= 0 && wallNanos > 0;
        metrics.put(Metric.CPU_UTIL_PCT.name(), available ? 100.0 * (cpuAfter - cpuBefore) / ((double) wallNanos * cores) : Double.NaN);
    }
}
