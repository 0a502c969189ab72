package dev.loomlab.db;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How long calls waited for a connection from the pool in one iteration (ns, an HdrHistogram) and how
 * many gave up waiting (timeouts): what tells a pool that is the ceiling from one that is not.
 */
final class PoolWaits {
    /** The longest wait told apart; a longer one counts as this long (a caller gives up after 30 s). */
    private static final long LONGEST_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(10);
    /**
     * Fixed in range: an auto-resizing recorder takes a lock to grow when a longer wait first comes, on the thread that
     * records it — an event loop for r2dbc-pool.
     */
    private final Recorder waits = new Recorder(1, LONGEST_NANOS, 3);
    private final AtomicInteger timeouts = new AtomicInteger();

    void acquired(long nanos) {
        waits.recordValue(Math.min(LONGEST_NANOS, Math.max(1, nanos)));
    }

    void timedOut() {
        timeouts.incrementAndGet();
    }

    /** Forgets what was recorded so far (before an iteration). */
    void reset() {
        waits.reset();
        timeouts.set(0);
    }

    /** The waits recorded since the last reset. */
    Histogram waits() {
        return waits.getIntervalHistogram();
    }

    int timeouts() {
        return timeouts.get();
    }
}
