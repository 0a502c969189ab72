package dev.loomlab.core.server;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What every server under test keeps whatever its framework: its arguments, the requests it counted and those in
 * flight, the {@code memory} endpoint's {@link UserCache} and the db endpoints' pool (null for the other kinds);
 * and the {@code stats} ({@code requests}, {@code cache_entries}, {@code db_calls}, {@code blocked_events}
 * ({@link BlockedThreads}), and its saturation now,
 * {@link ServerSaturation}) and {@code reset} that {@link ServerControl} serves from them. The framework glue
 * counts each request, marks where it begins and ends ({@link #inFlight}), does its endpoint kind
 * ({@link BlockingEndpoint}, or the server's own idiom) and writes the answer.
 *
 * @param <D> the server's kind of db endpoint
 */
public final class ServedEndpoint<D extends DatabaseEndpoint> {
    /** Opens a server's db endpoint as {@code spec} sizes it. */
    @FunctionalInterface
    public interface Opener<D> {
        /** @throws SQLException when the database cannot be reached or prepared */
        D open(EndpointSpec spec) throws SQLException;
    }

    private final ServerArgs args;
    private final LongAdder requests = new LongAdder();
    private final RequestsInFlight inFlight = new RequestsInFlight();
    private final UserCache cache;
    private final D db;
    /** Started with the first need of it, or by {@link #withEventLoops}: one JFR stream a server. */
    private volatile BlockedThreads blocked;

    /** @param db the db endpoints' pool; null when {@code args}' endpoint uses no database */
    public ServedEndpoint(ServerArgs args, D db) {
        this.args = args;
        this.cache = new UserCache(args.endpoint());
        this.db = db;
    }

    /**
     * The state of the server {@code args} describe, its db endpoint opened when its kind uses one; a database
     * that cannot be reached ends the JVM with one line naming {@code server} (exit 1), before the server starts.
     */
    public static <D extends DatabaseEndpoint> ServedEndpoint<D> openOrExit(String server, ServerArgs args, Opener<D> db) {
        try {
            return new ServedEndpoint<>(args, args.endpoint().kind().usesDatabase() ? db.open(args.endpoint()) : null);
        } catch (SQLException | IllegalStateException e) {
            System.err.println(server + " server: database: " + e.getMessage());
            System.exit(1);
            throw new AssertionError("System.exit returned", e);
        }
    }

    public ServerArgs args() {
        return args;
    }

    /** The endpoint that requests answer with, and its sizes. */
    public EndpointSpec spec() {
        return args.endpoint();
    }

    public UserCache cache() {
        return cache;
    }

    /** The db endpoints' pool; null for the other kinds. */
    public D db() {
        return db;
    }

    /**
     * This server's event loops must not block: from now on a thread that {@link #markEventLoop} registered is watched
     * ({@link BlockedThreads}), as every server's carriers are.
     */
    public synchronized ServedEndpoint<D> withEventLoops() {
        if (blocked == null) {
            blocked = BlockedThreads.start(true);
        }
        return this;
    }

    /** Registers the calling thread as an event loop, which must not block; cheap once it is registered. */
    public void markEventLoop() {
        blocked().mustNotBlock();
    }

    /** The watch; each request asks, so the lock is taken only the first time. */
    private BlockedThreads blocked() {
        BlockedThreads b = blocked;
        if (b != null) {
            return b;
        }
        synchronized (this) {
            if (blocked == null) {
                blocked = BlockedThreads.start(false);
            }
            return blocked;
        }
    }

    /** Counts one request, as every server does first, whatever becomes of it. */
    public void count() {
        requests.increment();
    }

    /** The requests begun and not yet answered: the framework glue marks both ends of each. */
    public RequestsInFlight inFlight() {
        return inFlight;
    }

    /** The server's counters since the last {@link #reset}, and its saturation now. */
    Map<String, Number> stats(RequestThreads threads) {
        Map<String, Number> out = new LinkedHashMap<>();
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_REQUESTS), requests.sum());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_CACHE_ENTRIES), cache.entries());
        out.put(ServerMetrics.stat(ServerMetrics.SERVER_DB_CALLS), db == null ? 0 : db.calls());
        out.putAll(ServerSaturation.now(inFlight, threads, db));
        long blocks = blocked().count();
        if (blocks >= 0) {
            out.put(ServerMetrics.stat(ServerMetrics.SERVER_BLOCKED_EVENTS), blocks);
        }
        return out;
    }

    /** Clears the counters {@link #stats} reports (the cache keeps what it retains). */
    void reset() {
        requests.reset();
        blocked().reset();
        if (db != null) {
            db.reset();
        }
    }

    /**
     * Announces {@code port} and serves {@link ServerControl}'s commands from these counters, on the calling thread:
     * for a server without a bounded pool of request threads.
     */
    public void control(int port) {
        // JFR starts now, before the server is verified and warmed, not with a measured span
        blocked();
        ServerControl.serve(port, () -> stats(null), this::reset);
    }

    /** As {@link #control(int)}, for a server whose requests wait for one of {@code threads}. */
    public void control(int port, RequestThreads threads) {
        blocked();
        ServerControl.serve(port, () -> stats(threads), this::reset);
    }
}
