package dev.loomlab.core.server;

import java.sql.SQLException;

/**
 * A server's pool for the db endpoints as its control channel sees it: the calls completed since the last
 * reset, reported as {@code db_calls}, and the pool now ({@link PoolState}). db's {@code R2dbcEndpoint} is one;
 * {@link Blocking}, db's {@code JdbcEndpoint}, also makes a request's call on the calling thread.
 */
public interface DatabaseEndpoint {
    /**
     * The connection pool at one moment, as its driver's pool reports it: {@code pool_active}, {@code pool_pending}
     * and {@code pool_max}.
     *
     * @param active  connections handed out now
     * @param pending callers waiting for a connection now
     * @param max     the most connections the pool opens
     */
    record PoolState(int active, int pending, int max) {
    }

    /** Calls completed since the last {@link #reset}. */
    long calls();

    void reset();

    /** The pool now, read from the pool itself. */
    PoolState poolState();

    /** A db endpoint whose call blocks the request's thread until it is done: what {@link BlockingEndpoint} calls. */
    interface Blocking extends DatabaseEndpoint {
        /**
         * One request's call on the calling thread.
         *
         * @throws SQLException when no connection came within the pool's timeout, or the call failed
         */
        void serve() throws SQLException;
    }
}
