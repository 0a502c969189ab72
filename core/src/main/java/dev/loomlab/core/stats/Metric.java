package dev.loomlab.core.stats;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of what the trial JVM's probes measure around an iteration: every trial's ({@link #STANDARD}) and, in the
 * scenarios that record pinning, the JFR recording's ({@link #PINNING}); for the probes that measure them, the
 * trials and results that carry them and the reports that show them (docs/methodology.md). A scenario's own
 * metrics are declared by the module that produces them.
 */
public final class Metric {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey WALL_MS = KEYS.add("wall_ms", Unit.MS, LOWER_BETTER,
            "an iteration's wall time: System.nanoTime() around the model's run of the tasks");
    public static final MetricKey THROUGHPUT_PER_S = KEYS.add("throughput_per_s", Unit.PER_S, HIGHER_BETTER,
            "tasks per second of the timed span (web and load: good answers per second of the measured span)");
    /** Each task's latency, submit → done (a load generator's: intended send → answer), percentiles in ms. */
    public static final MetricKey TASK_LATENCY_MS = KEYS.add("task_latency_ms", Unit.MS, LOWER_BETTER,
            "each task's latency, submit to done (web and load: each request's), percentiles of the merged histogram");
    public static final MetricKey CPU_UTIL_PCT = KEYS.add("cpu_util_pct", Unit.PCT, NEITHER,
            "process CPU time / (wall time × available processors)");
    public static final MetricKey PEAK_RSS_MB = KEYS.add("peak_rss_mb", Unit.MB, LOWER_BETTER,
            "peak resident set of the iteration (Linux VmHWM, reset before it)");
    public static final MetricKey PEAK_HEAP_MB = KEYS.add("peak_heap_mb", Unit.MB, LOWER_BETTER,
            "sum of the heap pools' peak usage in the iteration");
    public static final MetricKey THREADS_PEAK = KEYS.add("threads_peak", Unit.COUNT, NEITHER,
            "the JVM's peak live platform threads in the iteration");
    public static final MetricKey THREADS_DAEMON_PEAK = KEYS.add("threads_daemon_peak", Unit.COUNT, NEITHER,
            "peak daemon platform threads, sampled every 10 ms (--sample-threads)");
    public static final MetricKey THREADS_NONDAEMON_PEAK = KEYS.add("threads_nondaemon_peak", Unit.COUNT, NEITHER,
            "peak non-daemon platform threads, sampled every 10 ms (--sample-threads)");
    public static final MetricKey CARRIERS = KEYS.add("carriers", Unit.COUNT, NEITHER,
            "carrier threads of the virtual-thread scheduler alive at the iteration's end");
    public static final MetricKey GC_COUNT = KEYS.add("gc_count", Unit.COUNT, LOWER_BETTER,
            "stop-the-world collections during the iteration");
    public static final MetricKey GC_TIME_MS = KEYS.add("gc_time_ms", Unit.MS, LOWER_BETTER,
            "time in stop-the-world collections during the iteration");
    public static final MetricKey ALLOCATED_MB = KEYS.add("allocated_mb", Unit.MB, LOWER_BETTER,
            "heap allocated by all threads during the iteration");
    public static final MetricKey ALLOCATED_BYTES_PER_TASK = KEYS.add("allocated_bytes_per_task", Unit.BYTES_PER_TASK,
            LOWER_BETTER, "heap allocated during the iteration per task");
    public static final MetricKey ALLOCATION_RATE_MB_PER_S = KEYS.add("allocation_rate_mb_per_s", Unit.MB_PER_S, NEITHER,
            "heap allocated per second of the timed span");
    public static final MetricKey SCHEDULING_OVERHEAD_PCT = KEYS.add("scheduling_overhead_pct", Unit.PCT, LOWER_BETTER,
            "(wall time − the CPU bound) / wall time: what scheduling the tasks cost beyond their computation");

    /** What every trial's probes measure, in the order tables show them: the keys above, a copy taken here. */
    public static final List<MetricKey> STANDARD = List.copyOf(KEYS.all());

    public static final MetricKey PINNED_EVENTS = KEYS.add("pinned_events", Unit.COUNT, LOWER_BETTER,
            "JFR jdk.VirtualThreadPinned events of the iteration (threshold 0)");
    public static final MetricKey PINNED_TIME_MS = KEYS.add("pinned_time_ms", Unit.MS, LOWER_BETTER,
            "the pinned events' total duration");
    /** What a JFR recording of {@code jdk.VirtualThreadPinned} adds in the scenarios that record pinning. */
    public static final List<MetricKey> PINNING = List.of(PINNED_EVENTS, PINNED_TIME_MS);

    public static final MetricKey VT_PARALLELISM = KEYS.add("vt_parallelism", Unit.COUNT, NEITHER,
            "the virtual-thread scheduler's target parallelism at the iteration's end (JDK 24+)");
    public static final MetricKey VT_POOL_SIZE = KEYS.add("vt_pool_size", Unit.COUNT, NEITHER,
            "carrier threads the scheduler has started and not ended, compensating ones included: at the iteration's end,"
                    + " or its sampled peak when higher (JDK 24+)");
    public static final MetricKey VT_MOUNTED_MEAN = KEYS.add("vt_mounted_mean", Unit.COUNT, NEITHER,
            "virtual threads mounted on a carrier, mean of the samples every 10 ms (JDK 24+)");
    public static final MetricKey VT_MOUNTED_PEAK = KEYS.add("vt_mounted_peak", Unit.COUNT, NEITHER,
            "virtual threads mounted on a carrier, highest sample (JDK 24+)");
    public static final MetricKey VT_QUEUED_MEAN = KEYS.add("vt_queued_mean", Unit.COUNT, LOWER_BETTER,
            "virtual threads queued to the scheduler, ready but waiting for a carrier, mean of the samples every 10 ms (JDK 24+)");
    public static final MetricKey VT_QUEUED_PEAK = KEYS.add("vt_queued_peak", Unit.COUNT, LOWER_BETTER,
            "virtual threads queued to the scheduler, highest sample (JDK 24+)");
    public static final MetricKey TIMER_LATE_P99_MS = KEYS.add("timer_late_p99_ms", Unit.MS, LOWER_BETTER,
            "how late a 1 ms sleep of a probe's virtual thread woke beside the model, 99th percentile (--sample-threads)");
    /**
     * What the scheduler's management bean adds for a model of virtual threads on JDK 24 and later, and the timer probe
     * with {@code --sample-threads} on any JDK.
     */
    public static final List<MetricKey> SCHEDULER = List.of(VT_PARALLELISM, VT_POOL_SIZE, VT_MOUNTED_MEAN, VT_MOUNTED_PEAK,
            VT_QUEUED_MEAN, VT_QUEUED_PEAK, TIMER_LATE_P99_MS);

    /** Every key declared here: {@link #STANDARD}, then {@link #PINNING}. */
    public static final List<MetricKey> ALL = KEYS.all();

    private Metric() {
    }
}
