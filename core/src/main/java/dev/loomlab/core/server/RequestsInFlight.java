package dev.loomlab.core.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * The requests a server under test has begun and not yet answered, reported as {@code requests_in_flight}: the
 * framework glue calls {@link #begin} when a request reaches it and {@link #end} once it is answered, whatever
 * became of it. Two adders and no lock, so that the request path pays an increment at each end; never reset.
 */
public final class RequestsInFlight {
    private final LongAdder begun = new LongAdder();
    private final LongAdder ended = new LongAdder();

    public void begin() {
        begun.increment();
    }

    public void end() {
        ended.increment();
    }

    /** Requests begun and not yet ended, now; at least 0. */
    public long now() {
        // Ended first: a request that ends between the two reads is then counted as still in flight, never as -1.
        long done = ended.sum();
        return Math.max(0, begun.sum() - done);
    }
}
