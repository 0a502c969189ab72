package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;

import java.time.Duration;

/** Each task calls {@code Thread.sleep(sleep)}: blocking I/O reduced to its waiting (articles 002 and 004). */
public final class SleepWorkload extends BlockingWorkload {
    private final long sleepNanos;
    private final Duration sleep;

    /** @param sleepNanos how long each task sleeps, in ns */
    public SleepWorkload(int tasks, long sleepNanos) {
        super(tasks);
        this.sleepNanos = sleepNanos;
        this.sleep = Duration.ofNanos(sleepNanos);
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> Thread.sleep(sleep);
    }

    @Override
    public void prepare() {
    }

    /** Every task completed, and none took less than its sleep (which would mean it did not sleep). */
    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllWaited(clock, sleepNanos, "sleep");
    }
}
