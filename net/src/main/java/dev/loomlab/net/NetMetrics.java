package dev.loomlab.net;

import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of the net scenarios' own figures (echo's), and which keys of a server under test and of the
 * requests sent to it each scenario reports ({@link ServerMetrics}).
 */
public final class NetMetrics implements MetricProvider {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey ROUND_TRIPS = KEYS.add("round_trips", Unit.COUNT, HIGHER_BETTER,
            "echo: clients whose line came back");
    public static final MetricKey HELD_AT_ONCE = KEYS.add("held_at_once", Unit.COUNT, NEITHER,
            "echo: client connections held open at once (the wave size)");

    public static final List<MetricKey> ALL = KEYS.all();

    /** What echo reads from its server's stats reply after each iteration. */
    static final List<MetricKey> ECHO_SERVER = List.of(ServerMetrics.SERVER_OPEN_PEAK, ServerMetrics.SERVER_CARRIERS,
            ServerMetrics.SERVER_PEAK_RSS_MB, ServerMetrics.SERVER_THREADS_PEAK, ServerMetrics.SERVER_CPU_MS,
            ServerMetrics.SERVER_THREAD_LIMIT);
    /** What http-get reads from its server's stats reply after each iteration. */
    static final List<MetricKey> HTTP_GET_SERVER = List.of(ServerMetrics.SERVER_CPU_MS);
    /** What a client of the net scenarios counts: its errors, all and by kind. */
    static final List<MetricKey> CLIENT = List.of(ServerMetrics.REQUEST_ERRORS, ServerMetrics.REQUEST_ERRORS_OF_KIND);

    @Override
    public List<MetricKey> metrics() {
        return ALL;
    }
}
