package dev.loomlab.core.workload;

import dev.loomlab.core.outcome.CallFailure;

import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The calls of an iteration that threw, for a workload that counts them and goes on (a user's task, a
 * database call that timed out waiting for a connection): how many, and the first exception.
 */
public final class FailedCalls {
    /** The metric: calls that threw in the iteration. */
    public static final String METRIC = "failed_calls";

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReference<Throwable> first = new AtomicReference<>();

    /** Counts one call that threw {@code t}; a {@link CompletionException} counts as its cause. */
    public void add(Throwable t) {
        count.incrementAndGet();
        first.compareAndSet(null, t instanceof CompletionException c && c.getCause() != null ? c.getCause() : t);
    }

    /** Forgets the last iteration's calls. */
    public void reset() {
        count.set(0);
        first.set(null);
    }

    public int count() {
        return count.get();
    }

    /** The first call's exception itself, for the trial log. */
    public Optional<Throwable> firstThrowable() {
        return Optional.ofNullable(first.get());
    }

    /** The first call's exception as a result carries it. */
    public Optional<CallFailure> first() {
        return firstThrowable().map(CallFailure::of);
    }
}
