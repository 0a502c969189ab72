package dev.loomlab.net;

import dev.loomlab.core.server.ServerMetrics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A server's connection and request counts since the last reset: {@code connections} accepted,
 * {@code open_peak} (most connections open at once), {@code requests} served.
 */
final class ConnectionCounters {
    private final LongAdder connections = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final AtomicLong open = new AtomicLong();
    private final AtomicLong openPeak = new AtomicLong();

    void opened() {
        connections.increment();
        long now = open.incrementAndGet();
        openPeak.accumulateAndGet(now, Math::max);
    }

    void closed() {
        open.decrementAndGet();
    }

    void request() {
        requests.increment();
    }

    void reset() {
        connections.reset();
        requests.reset();
        openPeak.set(open.get());
    }

    /** The stats reply's field of the connections accepted since the reset. */
    static final String CONNECTIONS = "connections";

    Map<String, Number> snapshot() {
        Map<String, Number> out = new LinkedHashMap<>();
        out.put(CONNECTIONS, connections.sum());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_OPEN_PEAK), openPeak.get());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_REQUESTS), requests.sum());
        return out;
    }
}
