package dev.loomlab.core.server;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of what the side that sends requests to a server counts (loomlab's load generator, a JMeter
 * engine, the http-get and echo clients): requests, their errors, the connections opened. Declared here,
 * beside the server they are sent to, because the net and load modules produce them and the SLO and the
 * reports read them.
 */
public final class RequestMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.LOAD);

    /** Requests sent in the measured span. */
    public static final MetricKey REQUESTS = KEYS.add("requests", Unit.COUNT, NEITHER,
            "requests sent in the measured span");
    /** Requests (or connections) that failed, of every kind. */
    public static final MetricKey ERRORS = KEYS.add("errors", Unit.COUNT, LOWER_BETTER,
            "requests (echo: connections) that failed, every kind");
    /** Those of one kind: {@code errors_timeout}, {@code errors_connect} … */
    public static final MetricKey ERRORS_OF_KIND = KEYS.add("errors_<kind>", Unit.COUNT, LOWER_BETTER,
            "requests that failed in one way: connect, timeout, reset, status, content, other");
    /** Connections opened to the server. */
    public static final MetricKey CONNECTIONS_OPENED = KEYS.add("connections_opened", Unit.COUNT, NEITHER,
            "connections opened to the server");

    public static final List<MetricKey> ALL = KEYS.all();

    private RequestMetrics() {
    }
}
