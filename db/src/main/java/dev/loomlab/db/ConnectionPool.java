package dev.loomlab.db;

/**
 * A pool of database connections as the {@code db} scenario watches it: the connections in use and the
 * callers waiting for one right now, and the waits it recorded.
 */
interface ConnectionPool extends AutoCloseable {
    /** Connections handed out now. */
    int active();

    /** Connections open and idle in the pool now. */
    int idle();

    /** Callers waiting for a connection now. */
    int pending();

    PoolWaits waits();

    /** The peaks counted as calls ask for, receive and give back connections. */
    PoolPeaks peaks();

    @Override
    void close();
}
