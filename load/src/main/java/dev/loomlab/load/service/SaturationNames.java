package dev.loomlab.load.service;

import dev.loomlab.core.server.ServerMetrics;

import java.util.List;

import static dev.loomlab.core.server.ServerMetrics.stat;

/**
 * The one table of where a service's saturation is read: the Prometheus names {@link PrometheusSaturation} maps (loomlab
 * serve's own {@code --metrics-port} gauges first, then the names Micrometer gives Spring Boot's Tomcat, executors,
 * HikariCP and r2dbc-pool, CPU and garbage collector), and the fields of a loomlab server's {@code stats} reply
 * {@link ControlChannelSaturation} reads (its {@link ServerMetrics} keys' fields). Any other name is ignored. A name that
 * changes is changed here alone.
 */
public final class SaturationNames {
    /** A pool as a service's metrics name it: what is in use now, what is waiting for it (null: not named), its maximum. */
    record Pool(String inUse, String waiting, String max) {
    }

    /** Request thread pools: busy threads and the pool's maximum, matched series by series on their labels. */
    static final List<Pool> THREAD_POOLS = List.of(
            new Pool("loomlab_server_threads_busy", null, "loomlab_server_threads_max"),
            new Pool("tomcat_threads_busy_threads", null, "tomcat_threads_config_max_threads"),
            new Pool("executor_active_threads", null, "executor_pool_max_threads"));
    /** Database connection pools: connections in use, callers waiting for one, the pool's maximum. */
    static final List<Pool> CONNECTION_POOLS = List.of(
            new Pool("loomlab_server_pool_active", "loomlab_server_pool_pending", "loomlab_server_pool_max"),
            new Pool("hikaricp_connections_active", "hikaricp_connections_pending", "hikaricp_connections_max"),
            new Pool("r2dbc_pool_acquired_connections", "r2dbc_pool_pending_connections", "r2dbc_pool_max_allocated_connections"));
    /** The process's CPU over a recent interval, a share of its cores, 0..1 (gauges; the first found is read). */
    static final List<String> CPU_RATIO = List.of("loomlab_server_cpu_ratio", "process_cpu_usage");
    /** The process's CPU time so far, seconds (counter). */
    static final String CPU_SECONDS = "process_cpu_seconds_total";
    /** The cores the process counts its CPU share of. */
    static final String CPU_COUNT = "system_cpu_count";
    /** The share of a recent interval stop-the-world collections took, 0..1 (gauge). */
    static final String GC_PAUSE_RATIO = "loomlab_server_gc_pause_ratio";
    /** Stop-the-world collections' time so far, seconds (counter; summed over its series, one per collector and cause). */
    static final String GC_PAUSE_SECONDS = "jvm_gc_pause_seconds_sum";

    /** A loomlab server's {@code stats} reply: its request pool's busy threads and maximum (absent without such a pool). */
    static final String STATS_THREADS_BUSY = stat(ServerMetrics.SERVER_THREADS_BUSY);
    static final String STATS_THREADS_MAX = stat(ServerMetrics.SERVER_THREADS_MAX);
    /** Its db endpoints' pool: connections in use, callers waiting, maximum. */
    static final String STATS_POOL_ACTIVE = stat(ServerMetrics.SERVER_POOL_ACTIVE);
    static final String STATS_POOL_PENDING = stat(ServerMetrics.SERVER_POOL_PENDING);
    static final String STATS_POOL_MAX = stat(ServerMetrics.SERVER_POOL_MAX);
    /** Its stop-the-world collections' time since the last reset, ms (counter). */
    static final String STATS_GC_PAUSE_MS = stat(ServerMetrics.SERVER_GC_PAUSE_MS);
    /** Its CPU time since the last reset, ms (counter). */
    static final String STATS_CPU_MS = stat(ServerMetrics.SERVER_CPU_MS);
    /** Its virtual threads waiting for a carrier now (JDK 24+). */
    static final String STATS_VT_QUEUED = stat(ServerMetrics.SERVER_VT_QUEUED);
    /** Its timer probe's p99 lateness since its previous reply, ms. */
    static final String STATS_TIMER_LATE_MS = stat(ServerMetrics.SERVER_TIMER_LATE_RECENT_P99_MS);
    /** The same as {@code serve --metrics-port} gauges. */
    static final String VT_QUEUED = "loomlab_server_vt_queued";
    static final String TIMER_LATE_MS = "loomlab_server_timer_late_ms";

    private SaturationNames() {
    }
}
