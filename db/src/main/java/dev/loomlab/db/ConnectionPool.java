package dev.loomlab.db;

import dev.loomlab.core.server.DatabaseEndpoint.PoolState;

import java.time.Duration;

/**
 * A pool of database connections as the {@code db} scenario and a server's control channel watch it: the
 * connections in use and the callers waiting for one right now, its size, and the waits and peaks that the pool's
 * driver glue records.
 */
abstract sealed class ConnectionPool implements AutoCloseable permits JdbcPool, R2dbcPool {
    /** The waits for a connection, recorded as the driver reports them. */
    final PoolWaits waits = new PoolWaits();
    /** The peaks, counted as calls ask for, receive and give back connections once {@link #countPeaks} asks. */
    PoolPeaks peaks = PoolPeaks.OFF;

    /** Opens a driver's pool: {@code size} connections to {@code address}, a caller waiting at most {@code acquireTimeout}. */
    @FunctionalInterface
    interface Opener<P extends ConnectionPool> {
        P open(DbAddress address, int size, Duration acquireTimeout);
    }

    /** The pool now, read from the driver's pool: connections in use, callers waiting, its configured size. */
    abstract PoolState state();

    /** Connections open now, in use or idle. */
    abstract int open();

    PoolWaits waits() {
        return waits;
    }

    PoolPeaks peaks() {
        return peaks;
    }

    /** Counts this pool's peaks from now on; called before any call asks for a connection. */
    void countPeaks() {
        if (peaks == PoolPeaks.OFF) {
            peaks = new PoolPeaks();
        }
    }

    @Override
    public abstract void close();
}
