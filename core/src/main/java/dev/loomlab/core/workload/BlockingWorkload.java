package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;

import java.util.List;

/** A workload offered in blocking form only, with a fixed number of tasks per iteration. */
public abstract class BlockingWorkload implements TaskWorkload {
    private final int tasks;

    protected BlockingWorkload(int tasks) {
        this.tasks = tasks;
    }

    @Override
    public final List<Offer<?>> offers() {
        return List.of(Offer.blocking(blockingTask()));
    }

    @Override
    public final int tasks() {
        return tasks;
    }

    /** The task in blocking style. */
    public abstract BlockingTask blockingTask();
}
