package dev.loomlab.db;

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

    /** Connections handed out now. */
    abstract int active();

    /** Connections open and idle in the pool now. */
    abstract int idle();

    /** Callers waiting for a connection now. */
    abstract int pending();

    /** The most connections the pool opens, as the pool itself is configured. */
    abstract int max();

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
