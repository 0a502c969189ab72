package dev.loomlab.core.workload;

import dev.loomlab.core.model.Style;

import java.util.Set;

/** A workload offered in blocking style only, with a fixed number of tasks per iteration. */
abstract class BlockingWorkload implements Workload {
    private final int tasks;

    BlockingWorkload(int tasks) {
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
}
