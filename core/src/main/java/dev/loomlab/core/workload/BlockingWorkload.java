package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;

import java.util.Set;

/** A workload offered in blocking style only, with a fixed number of tasks per iteration. */
public abstract class BlockingWorkload implements Workload {
    private final int tasks;

    protected BlockingWorkload(int tasks) {
        this.tasks = tasks;
    }

    @Override
    public final Set<Style> styles() {
        return Set.of(Style.BLOCKING);
    }

    @Override
    public final int tasks() {
        return tasks;
    }

    /** The task in blocking style. */
    public abstract BlockingTask blockingTask();

    @Override
    public void run(Model model, TaskClock clock) throws InterruptedException {
        model.runAll(blockingTask(), clock);
    }
}
