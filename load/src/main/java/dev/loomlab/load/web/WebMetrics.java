package dev.loomlab.load.web;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/** The keys of the web scenario's own figures: its endpoint's bound as a rate, and the throughput against it. */
public final class WebMetrics implements MetricProvider {
    private static final MetricKeys KEYS = new MetricKeys(Owner.SERVER);

    /** The best rate the server's endpoint allows (Little's law), per second. */
    public static final MetricKey BOUND_THROUGHPUT_PER_S = KEYS.add("bound_throughput_per_s", Unit.PER_S, NEITHER,
            "the best rate the endpoint allows: the requests it can hold at once / its delay (or cores / work)");
    /** The throughput (or a search's sustainable rate) as a share of that bound, %. */
    public static final MetricKey EFFICIENCY_PCT = KEYS.add("efficiency_pct", Unit.PCT, HIGHER_BETTER,
            "the throughput (a search's sustainable rate) / bound_throughput_per_s");

    /** Rows a write endpoint committed per second, as its answers acknowledged them. */
    public static final MetricKey DB_ROWS_PER_S = KEYS.add("db_rows_per_s", Unit.PER_S, HIGHER_BETTER,
            "rows the write endpoints committed per second: answers per second × rows each request writes");

    public static final List<MetricKey> ALL = KEYS.all();

    @Override
    public List<MetricKey> metrics() {
        return ALL;
    }
}
