package dev.loomlab.core.semaphore;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A downstream service that serves at most {@code limit} calls at once, each taking {@code latency};
 * a call beyond the limit waits for a slot or is rejected, by its {@link Overflow}. It counts the calls
 * inside it, so a run can prove the limit was never exceeded.
 */
public final class LimitedDownstream {
    private final Semaphore slots;
    private final Duration latency;
    private final Overflow overflow;
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();

    public LimitedDownstream(int limit, Duration latency, Overflow overflow) {
        // Fair: queued calls are served in arrival order, as a pool's wait queue serves them.
        this.slots = new Semaphore(limit, true);
        this.latency = latency;
        this.overflow = overflow;
    }

    /**
     * One call: served (true) after {@code latency}, or rejected at once (false, only with
     * {@link Overflow#REJECT}).
     */
    public boolean call() throws InterruptedException {
        if (overflow == Overflow.REJECT) {
            if (!slots.tryAcquire()) {
                return false;
            }
        } else {
            slots.acquire();
        }
        try {
            peak.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                Thread.sleep(latency);
            } finally {
                inside.decrementAndGet();
            }
        } finally {
            slots.release();
        }
        return true;
    }

    /** The most calls that were inside at once since the last {@link #resetPeak}. */
    public int peakConcurrency() {
        return peak.get();
    }

    public void resetPeak() {
        peak.set(0);
    }
}
