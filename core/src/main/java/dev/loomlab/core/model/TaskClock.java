package dev.loomlab.core.model;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Records, for each task of one iteration, when it was submitted and when it finished
 * ({@link System#nanoTime()}), and counts the tasks that threw. Each task writes only its own slots, so
 * the hot path takes no lock and allocates nothing; latencies are read after the iteration.
 */
public final class TaskClock {
    private final long[] submitted;
    private final long[] completed;
    private final AtomicInteger failures = new AtomicInteger();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    public TaskClock(int tasks) {
        this.submitted = new long[tasks];
        this.completed = new long[tasks];
    }

    public int tasks() {
        return submitted.length;
    }

    /** Marks task {@code index} as handed to the model now. */
    public void submitted(int index) {
        submitted[index] = System.nanoTime();
    }

    /** Runs task {@code index}, recording its completion and any failure; never throws. */
    public void run(int index, BlockingTask task) {
        try {
            task.run(index);
        } catch (Throwable t) {
            failures.incrementAndGet();
            firstFailure.compareAndSet(null, t);
            if (t instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        } finally {
            completed[index] = System.nanoTime();
        }
    }

    /**
     * Records that task {@code index} finished now, having failed with {@code failure} (null when it
     * succeeded): for models that complete tasks asynchronously rather than through {@link #run}.
     */
    public void complete(int index, Throwable failure) {
        if (failure != null) {
            failures.incrementAndGet();
            firstFailure.compareAndSet(null, failure);
        }
        completed[index] = System.nanoTime();
    }

    /** Clears all records for the next iteration. */
    public void reset() {
        java.util.Arrays.fill(submitted, 0L);
        java.util.Arrays.fill(completed, 0L);
        failures.set(0);
        firstFailure.set(null);
    }

    /** Submit-to-done latency of task {@code index} in ns, or -1 if it never completed. */
    public long latencyNanos(int index) {
        long done = completed[index];
        return done == 0L ? -1L : done - submitted[index];
    }

    public int completedCount() {
        int n = 0;
        for (long c : completed) {
            if (c != 0L) {
                n++;
            }
        }
        return n;
    }

    public int failures() {
        return failures.get();
    }

    public Throwable firstFailure() {
        return firstFailure.get();
    }
}
