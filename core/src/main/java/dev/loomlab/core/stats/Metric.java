package dev.loomlab.core.stats;

import java.util.List;

/**
 * The names of the metrics every trial reports, in one place for the probes that measure them, the
 * trials and results that carry them and the reports that show them. A name is snake_case and ends in
 * its unit; a scenario's own metrics (calls_rejected, bytes_per_thread …) follow the same rule.
 */
public final class Metric {
    /** An iteration's wall time: the timed span, ms. */
    public static final String WALL_MS = "wall_ms";
    /** Tasks per second of wall time (for web and load: answers per second of the measured span). */
    public static final String THROUGHPUT_PER_S = "throughput_per_s";
    /** Each task's latency, submit → done (a load generator's: intended send → answer), percentiles in ms. */
    public static final String TASK_LATENCY_MS = "task_latency_ms";
    /** Process CPU time / (wall × cores), %. */
    public static final String CPU_UTIL_PCT = "cpu_util_pct";
    /** Peak resident set size of the iteration, MB. */
    public static final String PEAK_RSS_MB = "peak_rss_mb";
    /** Peak heap used of the iteration, MB. */
    public static final String PEAK_HEAP_MB = "peak_heap_mb";
    /** Peak live platform threads (the JVM's own counter). */
    public static final String THREADS_PEAK = "threads_peak";
    /** Peak daemon platform threads, sampled (only with {@code --sample-threads}). */
    public static final String THREADS_DAEMON_PEAK = "threads_daemon_peak";
    /** Peak non-daemon platform threads, sampled (only with {@code --sample-threads}). */
    public static final String THREADS_NONDAEMON_PEAK = "threads_nondaemon_peak";
    /** Carrier threads of the virtual-thread scheduler alive at the iteration's end. */
    public static final String CARRIERS = "carriers";
    /** Garbage collections during the iteration. */
    public static final String GC_COUNT = "gc_count";
    /** Time in garbage collections during the iteration, ms. */
    public static final String GC_TIME_MS = "gc_time_ms";
    /** Heap allocated during the iteration, MB. */
    public static final String ALLOCATED_MB = "allocated_mb";
    /** Heap allocated per task, bytes. */
    public static final String ALLOCATED_BYTES_PER_TASK = "allocated_bytes_per_task";
    /** Heap allocated per second of the iteration's wall time, MB/s. */
    public static final String ALLOCATION_RATE_MB_PER_S = "allocation_rate_mb_per_s";
    /** JFR jdk.VirtualThreadPinned events of the iteration. */
    public static final String PINNED_EVENTS = "pinned_events";
    /** Total duration of those events, ms. */
    public static final String PINNED_TIME_MS = "pinned_time_ms";
    /** (wall − CPU bound) / wall, %. */
    public static final String SCHEDULING_OVERHEAD_PCT = "scheduling_overhead_pct";
    /** The server under test's CPU share, % (web). */
    public static final String SERVER_CPU_PCT = "server_cpu_pct";
    /** The server under test's peak resident set, MB (web, echo). */
    public static final String SERVER_PEAK_RSS_MB = "server_peak_rss_mb";
    /** The server under test's peak threads (web, echo). */
    public static final String SERVER_THREADS_PEAK = "server_threads_peak";

    /**
     * What every trial's probes measure (pinning's and the servers' are scenarios' own), in the order
     * tables show them.
     */
    public static final List<String> STANDARD = List.of(WALL_MS, THROUGHPUT_PER_S, TASK_LATENCY_MS, CPU_UTIL_PCT, PEAK_RSS_MB,
            PEAK_HEAP_MB, THREADS_PEAK, THREADS_DAEMON_PEAK, THREADS_NONDAEMON_PEAK, CARRIERS, GC_COUNT, GC_TIME_MS,
            ALLOCATED_MB, ALLOCATED_BYTES_PER_TASK, ALLOCATION_RATE_MB_PER_S, SCHEDULING_OVERHEAD_PCT);

    private Metric() {
    }
}
