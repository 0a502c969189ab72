package dev.loomlab.cli.extension;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.workload.BlockingWorkload;
import dev.loomlab.core.workload.TaskWorkload;
import dev.loomlab.core.workload.ValidationException;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A new scenario's one workload class, as docs/design.md's checklist has it: each task sleeps
 * {@code tick} and marks its own slot, and validation checks every slot was marked exactly once.
 */
public final class TickWorkload extends BlockingWorkload {
    private final long tickMillis;
    private final AtomicIntegerArray marks;

    public TickWorkload(int tasks, long tickMillis) {
        super(tasks);
        this.tickMillis = tickMillis;
        this.marks = new AtomicIntegerArray(tasks);
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> {
            Thread.sleep(tickMillis);
            marks.incrementAndGet(index);
        };
    }

    @Override
    public void prepare() {
        for (int i = 0; i < marks.length(); i++) {
            marks.set(i, 0);
        }
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        for (int i = 0; i < marks.length(); i++) {
            if (marks.get(i) != 1) {
                throw new ValidationException("task " + i + " ran " + marks.get(i) + " times");
            }
        }
    }
}
