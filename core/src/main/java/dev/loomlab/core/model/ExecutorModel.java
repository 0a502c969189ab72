package dev.loomlab.core.model;

import java.util.concurrent.ExecutorService;

/** A model that submits every task to a fresh {@link ExecutorService} and closes it, waiting for all. */
abstract class ExecutorModel implements Model {
    private final String name;

    ExecutorModel(String name) {
        this.name = name;
    }

    /** A new executor for one iteration. */
    abstract ExecutorService newExecutor();

    @Override
    public final String name() {
        return name;
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        // close() waits for every submitted task, as the articles' try-with-resources blocks do.
        try (ExecutorService executor = newExecutor()) {
            for (int i = 0, n = clock.tasks(); i < n; i++) {
                int index = i;
                clock.submitted(index);
                executor.execute(() -> clock.run(index, task));
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
