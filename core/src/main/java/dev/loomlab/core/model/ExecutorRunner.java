package dev.loomlab.core.model;

import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/** Submits every task to a fresh {@link ExecutorService} and closes it, waiting for all. */
record ExecutorRunner(Supplier<ExecutorService> executors) implements BlockingRunner {

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        // close() waits for every submitted task, as the articles' try-with-resources blocks do.
        try (ExecutorService executor = executors.get()) {
            for (int i = 0, n = clock.tasks(); i < n; i++) {
                int index = i;
                clock.submitted(index);
                executor.execute(() -> clock.run(index, task));
            }
        }
    }
}
