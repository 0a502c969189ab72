package dev.loomlab.core.workload;

import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The calls of an iteration that threw, for a workload that counts them and goes on (a user's task, a
 * database call that timed out waiting for a connection): how many, and the first exception.
 */
public final class FailedCalls {
    public static final MetricKey METRIC = new MetricKey("failed_calls", Unit.COUNT, Direction.LOWER_BETTER, Owner.TRIAL,
            "calls that threw in the iteration (the workload counted them and went on)");

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReference<Throwable> first = new AtomicReference<>();
    private boolean printed;

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

    /**
     * Prints the first exception with its stack to the trial log ({@code System.out}), once per trial:
     * {@code what} says whose call it was.
     */
    public void printFirstOnce(String what) {
        Throwable t = first.get();
        if (t != null && !printed) {
            printed = true;
            System.out.println(what + ": a call threw (counted in " + METRIC + "); first:");
            t.printStackTrace(System.out);
        }
    }

    /**
     * An iteration in which every one of {@code tasks} calls threw measured nothing.
     *
     * @throws ValidationException then, naming {@code what} and the first exception
     */
    public void requireNotAll(int tasks, String what) throws ValidationException {
        if (count.get() == tasks) {
            throw new ValidationException("every " + what + " threw; first: " + first.get());
        }
    }

    /** The first call's exception as a result carries it. */
    public Optional<CallFailure> first() {
        return firstThrowable().map(CallFailure::of);
    }
}
