package dev.loomlab.db;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most connections in use, the most idle and the most callers waiting for one at any moment of an iteration,
 * counted where calls ask for, receive and give back a connection: a few atomic operations on the caller's own thread,
 * no sampler thread inside the timed span. A caller waits when it has asked and every open connection is in use, so
 * the callers waiting at a moment are {@code asking + inUse - open} when that is positive. A connection counts as in
 * use from after it is handed out until before it goes back, so the count never exceeds the connections held. A peak
 * is written only when it rises, so most calls only read it. Only the {@code db} scenario counts; a server's pool keeps
 * {@link #OFF}, which counts nothing.
 */
final class PoolPeaks {
    /** Counts nothing: for pools whose peaks nobody reads. */
    static final PoolPeaks OFF = new PoolPeaks(false);

    private final boolean counting;
    private final AtomicInteger asking = new AtomicInteger();
    private final AtomicInteger inUse = new AtomicInteger();
    private final AtomicInteger activePeak = new AtomicInteger();
    private final AtomicInteger pendingPeak = new AtomicInteger();
    private final AtomicInteger leastInUse = new AtomicInteger();
    private volatile int open;

    PoolPeaks() {
        this(true);
    }

    private PoolPeaks(boolean counting) {
        this.counting = counting;
    }

    /** A new iteration over {@code open} connections (read from the pool before the timed span): peaks from now. */
    void reset(int open) {
        this.open = open;
        activePeak.set(inUse.get());
        leastInUse.set(inUse.get());
        pendingPeak.set(Math.max(0, asking.get() + inUse.get() - open));
    }

    /** A caller asks the pool for a connection. */
    void asked() {
        if (!counting) {
            return;
        }
        int waiting = asking.incrementAndGet() + inUse.get() - open;
        if (waiting > 0) {
            raise(pendingPeak, waiting);
        }
    }

    /** The caller that asked received a connection. */
    void handedOut() {
        if (!counting) {
            return;
        }
        asking.decrementAndGet();
        raise(activePeak, inUse.incrementAndGet());
    }

    /** The caller that asked gave up (a timeout or an error) without a connection. */
    void gaveUp() {
        if (!counting) {
            return;
        }
        asking.decrementAndGet();
    }

    /** A connection handed out went back to the pool. */
    void released() {
        if (!counting) {
            return;
        }
        lower(leastInUse, inUse.decrementAndGet());
    }

    int active() {
        return activePeak.get();
    }

    /** The most connections idle: the open ones less the fewest in use. */
    int idle() {
        return Math.max(0, open - leastInUse.get());
    }

    int pending() {
        return pendingPeak.get();
    }

    /** Sets {@code peak} to {@code value} when that is higher; reads only, when it is not. */
    private static void raise(AtomicInteger peak, int value) {
        for (int p = peak.get(); value > p && !peak.compareAndSet(p, value); p = peak.get()) {
            // another caller moved it: look again
        }
    }

    /** Sets {@code least} to {@code value} when that is lower; reads only, when it is not. */
    private static void lower(AtomicInteger least, int value) {
        for (int l = least.get(); value < l && !least.compareAndSet(l, value); l = least.get()) {
            // another caller moved it: look again
        }
    }
}
