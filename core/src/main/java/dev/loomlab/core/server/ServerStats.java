package dev.loomlab.core.server;

import dev.loomlab.core.probe.CarriersProbe;
import dev.loomlab.core.probe.RssProbe;
import dev.loomlab.core.probe.SchedulerProbe;
import dev.loomlab.core.probe.TimerLateness;
import dev.loomlab.core.probe.StopTheWorldCollectors;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import org.HdrHistogram.Histogram;

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
 * JVM does not tell); once its virtual threads have run, its scheduler's figures ({@code vt_*}, JDK 24+) and how late a
 * 1 ms sleep of a virtual thread wakes ({@link TimerLateness}, started at the first reply that finds carriers:
 * {@code timer_late_p99_ms} since the reset or that start, {@code timer_late_recent_p99_ms} since the previous reply,
 * whoever asked for it).
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

    /** Started once the server's virtual threads have run (its carriers exist): servers of platform threads get none. */
    private TimerLateness timer;
    private final Histogram lateSinceReset = new Histogram(3);

    ServerStats() {
        reset();
    }

    void reset() {
        if (timer != null) {
            timer.recent();
        }
        lateSinceReset.reset();
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
        scheduler(out);
        return out;
    }

    /**
     * The virtual-thread scheduler's figures where the JDK reports them, and the timer probe's lateness, started at the
     * first reply that finds carriers.
     */
    private void scheduler(Map<String, Number> out) {
        SchedulerProbe.now().ifPresent(s -> {
            putIfPresent(out, ServerMetrics.SERVER_VT_PARALLELISM, s.get("Parallelism"));
            putIfPresent(out, ServerMetrics.SERVER_VT_POOL_SIZE, s.get("PoolSize"));
            putIfPresent(out, ServerMetrics.SERVER_VT_MOUNTED, s.get("MountedVirtualThreadCount"));
            putIfPresent(out, ServerMetrics.SERVER_VT_QUEUED, s.get("QueuedVirtualThreadCount"));
        });
        if (timer == null) {
            if (CarriersProbe.alive() > 0) {
                timer = TimerLateness.start();
            }
            return;
        }
        Histogram recent = timer.recent();
        lateSinceReset.add(recent);
        if (recent.getTotalCount() > 0) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_TIMER_LATE_RECENT_P99_MS), recent.getValueAtPercentile(99) / 1e6);
        }
        if (lateSinceReset.getTotalCount() > 0) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_TIMER_LATE_P99_MS), lateSinceReset.getValueAtPercentile(99) / 1e6);
        }
    }

    private static void putIfPresent(Map<String, Number> out, MetricKey key, Long value) {
        if (value != null) {
            out.put(ServerMetrics.stat(key), value);
        }
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
