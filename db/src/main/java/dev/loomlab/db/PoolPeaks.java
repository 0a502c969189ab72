package dev.loomlab.db;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most connections in use, the most idle and the most callers waiting for one at any moment of an iteration, read
 * from the pool every {@value #EVERY_MS} ms by a daemon thread of its own (a pool reports only its present).
 */
final class PoolPeaks implements AutoCloseable {
    static final long EVERY_MS = 2;

    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger idle = new AtomicInteger();
    private final AtomicInteger pending = new AtomicInteger();
    private final Thread sampler;
    private volatile boolean stopped;

    private PoolPeaks(ConnectionPool pool) {
        sampler = Thread.ofPlatform().daemon().name("loomlab-pool-peaks").unstarted(() -> {
            while (!stopped) {
                active.accumulateAndGet(pool.active(), Math::max);
                idle.accumulateAndGet(pool.idle(), Math::max);
                pending.accumulateAndGet(pool.pending(), Math::max);
                try {
                    Thread.sleep(EVERY_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /** Starts sampling {@code pool}. */
    static PoolPeaks of(ConnectionPool pool) {
        PoolPeaks peaks = new PoolPeaks(pool);
        peaks.sampler.start();
        return peaks;
    }

    int active() {
        return active.get();
    }

    int idle() {
        return idle.get();
    }

    int pending() {
        return pending.get();
    }

    /** Stops sampling and waits for the sampler to end, so that the peaks are final. */
    @Override
    public void close() {
        stopped = true;
        sampler.interrupt();
        try {
            sampler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
