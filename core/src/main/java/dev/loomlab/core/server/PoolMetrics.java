package dev.loomlab.core.server;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of a database connection pool's figures over an iteration (the db scenario's pool, in the trial
 * JVM). Declared here, beside the database endpoints, because the reports' connection pool advice reads them
 * and the reports do not depend on the db module that produces them.
 */
public final class PoolMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey POOL_TIMEOUTS = KEYS.add("pool_timeouts", Unit.COUNT, LOWER_BETTER,
            "calls that gave up waiting for a connection (acquire-timeout)");
    public static final MetricKey POOL_WAIT_P50_MS = KEYS.add("pool_wait_p50_ms", Unit.MS, LOWER_BETTER,
            "the median call's wait for a pool connection");
    public static final MetricKey POOL_WAIT_P99_MS = KEYS.add("pool_wait_p99_ms", Unit.MS, LOWER_BETTER,
            "the 99th percentile of the calls' waits for a pool connection");
    public static final MetricKey POOL_ACTIVE_PEAK = KEYS.add("pool_active_peak", Unit.COUNT, NEITHER,
            "the most connections in use at once");
    public static final MetricKey POOL_IDLE_PEAK = KEYS.add("pool_idle_peak", Unit.COUNT, NEITHER,
            "the most connections idle at once");
    public static final MetricKey POOL_PENDING_PEAK = KEYS.add("pool_pending_peak", Unit.COUNT, NEITHER,
            "the most calls waiting for a connection at once");

    public static final List<MetricKey> ALL = KEYS.all();

    private PoolMetrics() {
    }
}
