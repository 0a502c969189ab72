package dev.loomlab.db;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of scenario {@code db}'s own figures: the database's work (docs/database.md). Its connection pool's are
 * {@link dev.loomlab.core.server.ServerMetrics#DB_POOL}.
 */
public final class DbMetrics implements MetricProvider {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey COMMITS = KEYS.add("commits", Unit.COUNT, NEITHER, Owner.DATABASE,
            "transactions the database committed in the iteration");
    public static final MetricKey COMMITS_PER_S = KEYS.add("commits_per_s", Unit.PER_S, HIGHER_BETTER, Owner.DATABASE,
            "transactions committed per second of the timed span");
    public static final MetricKey ROWS_WRITTEN = KEYS.add("rows_written", Unit.COUNT, NEITHER, Owner.DATABASE,
            "rows the iteration's writes inserted (op=write, write-batch)");
    public static final MetricKey ROWS_WRITTEN_PER_S = KEYS.add("rows_written_per_s", Unit.PER_S, HIGHER_BETTER,
            Owner.DATABASE, "rows inserted per second of the timed span (op=write, write-batch)");
    public static final MetricKey DB_BACKENDS = KEYS.add("db_backends", Unit.COUNT, NEITHER, Owner.DATABASE,
            "client connections the database serves (pg_stat_activity) after the iteration");

    public static final List<MetricKey> ALL = KEYS.all();

    @Override
    public List<MetricKey> metrics() {
        return ALL;
    }
}
