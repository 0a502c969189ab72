package dev.loomlab.net;

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

    Map<String, Number> snapshot() {
        Map<String, Number> out = new LinkedHashMap<>();
        out.put("connections", connections.sum());
        out.put("open_peak", openPeak.get());
        out.put("requests", requests.sum());
        return out;
    }
}
