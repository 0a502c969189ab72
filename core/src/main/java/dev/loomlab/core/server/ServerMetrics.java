package dev.loomlab.core.server;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of what a server under test (web, echo, http-get) and those who use a server report: the server's own
 * figures ({@link #OWN}), read from its stats reply ({@link ServerControl}), where a figure's field is its name
 * without {@code server_} ({@link #stat}), or sampled from outside through /proc; the requests sent to it, counted
 * by the side that sends them ({@link #CLIENT_COUNTS}); and a database connection pool's waits and peaks over an
 * iteration, the db scenario's in its trial JVM ({@link #DB_POOL}), where a server's own db pool reports
 * {@code server_pool_*}. Declared here, in core, because the server, net, load and db modules produce them, and the
 * trial, the SLO and the reports read them.
 */
public final class ServerMetrics {
    private static final String PREFIX = "server_";
    private static final MetricKeys KEYS = new MetricKeys(Owner.SERVER);
    private static final MetricKeys CLIENT = new MetricKeys(Owner.LOAD);
    private static final MetricKeys POOL = new MetricKeys(Owner.TRIAL);

    public static final MetricKey SERVER_CPU_PCT = KEYS.add("server_cpu_pct", Unit.PCT, NEITHER,
            "the server's CPU time / (wall time × cores) over the timed span");
    public static final MetricKey SERVER_PEAK_RSS_MB = KEYS.add("server_peak_rss_mb", Unit.MB, LOWER_BETTER,
            "the server's peak resident set over the timed span");
    public static final MetricKey SERVER_THREADS_PEAK = KEYS.add("server_threads_peak", Unit.COUNT, NEITHER,
            "the server's peak live platform threads over the timed span");
    public static final MetricKey SERVER_CPU_MS = KEYS.add("server_cpu_ms", Unit.MS, NEITHER,
            "the server's CPU time from its reset to the stats request after the timed span");
    public static final MetricKey SERVER_OPEN_PEAK = KEYS.add("server_open_peak", Unit.COUNT, NEITHER,
            "connections the server held open at once");
    public static final MetricKey SERVER_CARRIERS = KEYS.add("server_carriers", Unit.COUNT, NEITHER,
            "carrier threads the server's virtual threads ran on");
    /** Threads the machine let a thread-per-connection server start before it refused one. */
    public static final MetricKey SERVER_THREAD_LIMIT = KEYS.add("server_thread_limit", Unit.COUNT, NEITHER, Owner.MACHINE,
            "threads the machine let the server start before it refused one");
    public static final MetricKey SERVER_REQUESTS = KEYS.add("server_requests", Unit.COUNT, NEITHER,
            "requests the server handled in the iteration");
    /** Users the memory endpoint's cache retained (never reset). */
    public static final MetricKey SERVER_CACHE_ENTRIES = KEYS.add("server_cache_entries", Unit.COUNT, NEITHER,
            "users the memory endpoint's cache holds");
    public static final MetricKey SERVER_DB_CALLS = KEYS.add("server_db_calls", Unit.COUNT, NEITHER,
            "database calls the server's db endpoints completed");
    public static final MetricKey SERVER_GC_PAUSE_MS = KEYS.add("server_gc_pause_ms", Unit.MS, LOWER_BETTER,
            "time the server's stop-the-world collections took from its reset to the stats request");
    /** Blocks of a thread that must not block ({@link BlockedThreads}): 0 on a server whose endpoints are written right. */
    public static final MetricKey SERVER_BLOCKED_EVENTS = KEYS.add("server_blocked_events", Unit.COUNT, LOWER_BETTER,
            "times an event loop of the server blocked, or a virtual thread pinned to its carrier blocked, 1 ms or longer");
    /** 1 when the server's heap ran out during the iteration, and it exited. */
    public static final MetricKey SERVER_OUT_OF_MEMORY = KEYS.add("server_out_of_memory", Unit.COUNT, LOWER_BETTER,
            "1 when the server ran out of heap and exited: the iteration's figures are what its load met");
    /** Its heap in use after its last collection: what a collection cannot free. */
    public static final MetricKey SERVER_HEAP_AFTER_GC_MB = KEYS.add("server_heap_after_gc_mb", Unit.MB, LOWER_BETTER,
            "the server's heap in use after its last collection, at the stats request");
    /** What its JIT compilers took: a warm-up has not ended while they are busy. */
    public static final MetricKey SERVER_JIT_MS = KEYS.add("server_jit_ms", Unit.MS, NEITHER,
            "time the server's JIT compilers spent from its reset to the stats request");

    /** The timer probe's lateness ({@link dev.loomlab.core.probe.TimerLateness}), since the reset. */
    public static final MetricKey SERVER_TIMER_LATE_P99_MS = KEYS.add("server_timer_late_p99_ms", Unit.MS, LOWER_BETTER,
            "how late a 1 ms sleep of a virtual thread in the server woke, 99th percentile from its reset to the stats request"
                    + " (servers of virtual threads, JDK 21+)");
    /** The same over the last stats interval: what a timeline draws second by second. */
    public static final MetricKey SERVER_TIMER_LATE_RECENT_P99_MS = KEYS.add("server_timer_late_recent_p99_ms", Unit.MS,
            LOWER_BETTER, "the timer probe's lateness, 99th percentile since the previous stats request");

    // Its saturation at the moment of the stats reply (ServerSaturation): absent where the server has no such resource.

    /** Threads of the server's bounded request pool serving a request now (Tomcat's on mvc-platform). */
    public static final MetricKey SERVER_THREADS_BUSY = KEYS.add("server_threads_busy", Unit.COUNT, NEITHER,
            "threads of the server's bounded request pool serving a request at the stats reply");
    public static final MetricKey SERVER_THREADS_MAX = KEYS.add("server_threads_max", Unit.COUNT, NEITHER,
            "the most threads the server's bounded request pool starts");
    /** Requests begun and not yet answered, every server. */
    public static final MetricKey SERVER_REQUESTS_IN_FLIGHT = KEYS.add("server_requests_in_flight", Unit.COUNT, NEITHER,
            "requests the server had begun and not yet answered at the stats reply");
    public static final MetricKey SERVER_POOL_ACTIVE = KEYS.add("server_pool_active", Unit.COUNT, NEITHER,
            "connections of the server's db pool in use at the stats reply");
    public static final MetricKey SERVER_POOL_PENDING = KEYS.add("server_pool_pending", Unit.COUNT, NEITHER,
            "callers waiting for a connection of the server's db pool at the stats reply");
    public static final MetricKey SERVER_POOL_MAX = KEYS.add("server_pool_max", Unit.COUNT, NEITHER,
            "the most connections the server's db pool opens");
    /** The virtual-thread scheduler of a server whose virtual threads ran, JDK 24+ (its bean). */
    public static final MetricKey SERVER_VT_PARALLELISM = KEYS.add("server_vt_parallelism", Unit.COUNT, NEITHER,
            "the server's virtual-thread scheduler: its target parallelism (JDK 24+)");
    public static final MetricKey SERVER_VT_POOL_SIZE = KEYS.add("server_vt_pool_size", Unit.COUNT, NEITHER,
            "the server's carrier threads at the stats reply, compensating ones included (JDK 24+)");
    public static final MetricKey SERVER_VT_MOUNTED = KEYS.add("server_vt_mounted", Unit.COUNT, NEITHER,
            "the server's virtual threads on a carrier at the stats reply (JDK 24+)");
    public static final MetricKey SERVER_VT_QUEUED = KEYS.add("server_vt_queued", Unit.COUNT, LOWER_BETTER,
            "the server's virtual threads ready and waiting for a carrier at the stats reply (JDK 24+)");

    // The requests sent to it, as the side that sends them counts them: loomlab's load generator, a JMeter engine,
    // the http-get and echo clients.

    public static final MetricKey REQUESTS_SENT = CLIENT.add("requests", Unit.COUNT, NEITHER,
            "requests sent in the measured span");
    public static final MetricKey REQUEST_ERRORS = CLIENT.add("errors", Unit.COUNT, LOWER_BETTER,
            "requests (echo: connections) that failed, every kind");
    /** Those of one kind: {@code errors_timeout}, {@code errors_connect} … */
    public static final MetricKey REQUEST_ERRORS_OF_KIND = CLIENT.add("errors_<kind>", Unit.COUNT, LOWER_BETTER,
            "requests that failed in one way: connect, timeout, reset, status, content, other");
    public static final MetricKey CONNECTIONS_OPENED = CLIENT.add("connections_opened", Unit.COUNT, NEITHER,
            "connections opened to the server");

    // A database connection pool over an iteration, as the db scenario's pool glue records it.

    public static final MetricKey POOL_TIMEOUTS = POOL.add("pool_timeouts", Unit.COUNT, LOWER_BETTER,
            "calls that gave up waiting for a connection (acquire-timeout)");
    public static final MetricKey POOL_WAIT_P50_MS = POOL.add("pool_wait_p50_ms", Unit.MS, LOWER_BETTER,
            "the median call's wait for a pool connection");
    public static final MetricKey POOL_WAIT_P99_MS = POOL.add("pool_wait_p99_ms", Unit.MS, LOWER_BETTER,
            "the 99th percentile of the calls' waits for a pool connection");
    public static final MetricKey POOL_ACTIVE_PEAK = POOL.add("pool_active_peak", Unit.COUNT, NEITHER,
            "the most connections in use at once");
    public static final MetricKey POOL_IDLE_PEAK = POOL.add("pool_idle_peak", Unit.COUNT, NEITHER,
            "the most connections idle at once");
    public static final MetricKey POOL_PENDING_PEAK = POOL.add("pool_pending_peak", Unit.COUNT, NEITHER,
            "the most calls waiting for a connection at once");

    /** The server's own keys. */
    public static final List<MetricKey> OWN = KEYS.all();
    /** The keys of what the side that sends the requests counts. */
    public static final List<MetricKey> CLIENT_COUNTS = CLIENT.all();
    /** The keys of a database connection pool's figures. */
    public static final List<MetricKey> DB_POOL = POOL.all();

    private ServerMetrics() {
    }

    /** The field of a server's stats reply that {@code key}'s figure is read from: {@code server_open_peak} → {@code open_peak}. */
    public static String stat(MetricKey key) {
        if (!key.name().startsWith(PREFIX)) {
            throw new IllegalArgumentException(key.name() + " is not read from a server's stats");
        }
        return key.name().substring(PREFIX.length());
    }

    /** Each of {@code keys} whose field {@code stats} holds, with its value, in the order given. */
    public static Map<String, Double> figures(Map<String, Double> stats, List<MetricKey> keys) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (MetricKey k : keys) {
            Double v = stats.get(stat(k));
            if (v != null) {
                out.put(k.name(), v);
            }
        }
        return out;
    }
}
