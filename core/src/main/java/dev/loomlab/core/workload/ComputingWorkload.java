package dev.loomlab.core.workload;

import dev.loomlab.core.model.TaskClock;

/**
 * A blocking workload whose tasks each compute a value ({@link CpuWorkload}, {@link MixedWorkload}): each
 * iteration starts with no values stored, and is valid when every task completed and stored exactly the
 * value computed up front on a single thread.
 */
abstract class ComputingWorkload extends BlockingWorkload {
    /** What each task stores its value in. */
    final TaskValues values;

    /** @param expected the value every task must compute */
    ComputingWorkload(int tasks, double expected) {
        super(tasks);
        this.values = new TaskValues(tasks, expected);
    }

    @Override
    public void prepare() {
        values.clear();
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        values.check();
    }
}
