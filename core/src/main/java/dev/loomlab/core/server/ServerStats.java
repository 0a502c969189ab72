package dev.loomlab.core.server;

import dev.loomlab.core.probe.RssProbe;
import dev.loomlab.core.probe.StopTheWorldCollectors;
import dev.loomlab.core.stats.Metric;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A helper JVM's own process figures since the last reset: {@code peak_rss_mb} (VmHWM, reset through
 * clear_refs; absent where /proc refuses), {@code threads_peak} (live platform threads, the JVM's
 * peak counter), {@code cpu_ms} (process CPU time) and {@code gc_pause_ms} (the time its stop-the-world
 * collections took, {@link StopTheWorldCollectors}), {@code heap_after_gc_mb} (the heap pools' use after their last
 * collection) and {@code jit_ms} (the time its JIT compilers took, absent where the
 * JVM does not tell).
 */
final class ServerStats {
    private final RssProbe rss = new RssProbe();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final StopTheWorldCollectors collectors = new StopTheWorldCollectors();
    private long cpuAtReset;
    private long gcAtReset;
    private final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    private long jitAtReset;

    ServerStats() {
        reset();
    }

    void reset() {
        threads.resetPeakThreadCount();
        cpuAtReset = os.getProcessCpuTime();
        gcAtReset = collectors.timeMillis();
        jitAtReset = jitMillis();
        rss.beforeIteration();
    }

    Map<String, Number> snapshot() {
        Map<String, Number> out = new LinkedHashMap<>();
        Map<String, Double> peak = new LinkedHashMap<>();
        rss.afterIteration(0, peak);
        Double rssMb = peak.get(Metric.PEAK_RSS_MB.name());
        if (!rssMb.isNaN()) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_PEAK_RSS_MB), rssMb);
        }
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_THREADS_PEAK), threads.getPeakThreadCount());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_CPU_MS), (os.getProcessCpuTime() - cpuAtReset) / 1e6);
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_GC_PAUSE_MS), collectors.timeMillis() - gcAtReset);
        double afterGc = heapAfterGcMb();
        if (!Double.isNaN(afterGc)) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_HEAP_AFTER_GC_MB), afterGc);
        }
        if (jitAtReset >= 0) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_JIT_MS), jitMillis() - jitAtReset);
        }
        return out;
    }

    /** The heap pools' use after their last collection, MB; NaN before any collection. */
    private static double heapAfterGcMb() {
        long bytes = 0;
        boolean any = false;
        for (java.lang.management.MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            java.lang.management.MemoryUsage after = pool.getType() == java.lang.management.MemoryType.HEAP
                    ? pool.getCollectionUsage() : null;
            if (after != null) {
                bytes += after.getUsed();
                any = true;
            }
        }
        return any ? bytes / (1024.0 * 1024.0) : Double.NaN;
    }

    /** The JIT compilers' total time so far, ms; -1 where the JVM has no JIT or does not time it. */
    private long jitMillis() {
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }
}
