package dev.loomlab.db;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How long calls waited for a connection from the pool in one iteration (ns, an HdrHistogram) and how
 * many gave up waiting (timeouts): what tells a pool that is the ceiling from one that is not.
 */
final class PoolWaits {
    private final Recorder waits = new Recorder(3);
    private final AtomicInteger timeouts = new AtomicInteger();

    void acquired(long nanos) {
        waits.recordValue(Math.max(0, nanos));
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
