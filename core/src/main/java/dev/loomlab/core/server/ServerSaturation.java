package dev.loomlab.core.server;

import dev.loomlab.core.stats.MetricKey;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.loomlab.core.server.ServerMetrics.stat;

/**
 * The figures of a server's {@code stats} reply that tell how close it is to what it can serve, each read at the
 * moment of the reply: what a capacity search reads to name the resource that ran out. Absent where the server
 * has no such resource, never 0 in its place. Their keys are {@link ServerMetrics}'s ({@link #KEYS}), each field the
 * key's {@link ServerMetrics#stat}; its process CPU ({@code cpu_ms}) and GC pauses
 * ({@link ServerMetrics#SERVER_GC_PAUSE_MS}) come with them ({@link ServerStats}).
 */
public final class ServerSaturation {
    /** The saturation figures, in the order a reply lists them. */
    public static final List<MetricKey> KEYS = List.of(ServerMetrics.SERVER_THREADS_BUSY, ServerMetrics.SERVER_THREADS_MAX,
            ServerMetrics.SERVER_REQUESTS_IN_FLIGHT, ServerMetrics.SERVER_POOL_ACTIVE, ServerMetrics.SERVER_POOL_PENDING,
            ServerMetrics.SERVER_POOL_MAX);

    private ServerSaturation() {
    }

    /**
     * The request and pool figures now: threads busy and their maximum only for a bounded request pool, requests in
     * flight on every server, the pool's active, pending and maximum only for the db endpoints.
     *
     * @param threads the server's bounded request pool; null when it has none
     * @param db      the db endpoints' pool; null when the server's endpoint uses none
     */
    static Map<String, Number> now(RequestsInFlight inFlight, RequestThreads threads, DatabaseEndpoint db) {
        Map<String, Number> out = new LinkedHashMap<>();
        if (threads != null) {
            out.put(stat(ServerMetrics.SERVER_THREADS_BUSY), threads.busy());
            out.put(stat(ServerMetrics.SERVER_THREADS_MAX), threads.max());
        }
        out.put(stat(ServerMetrics.SERVER_REQUESTS_IN_FLIGHT), inFlight.now());
        if (db != null) {
            DatabaseEndpoint.PoolState pool = db.poolState();
            out.put(stat(ServerMetrics.SERVER_POOL_ACTIVE), pool.active());
            out.put(stat(ServerMetrics.SERVER_POOL_PENDING), pool.pending());
            out.put(stat(ServerMetrics.SERVER_POOL_MAX), pool.max());
        }
        return out;
    }
}
