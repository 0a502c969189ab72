package dev.loomlab.core.model;

import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * {@code virtual-bounded:N}: a virtual thread per task, at most N of them past a {@link Semaphore} at
 * once — article 004's advice for limiting concurrency instead of pooling virtual threads. A task's
 * latency includes its wait for a permit.
 */
final class BoundedVirtualModel extends ExecutorModel {
    private final int permits;

    BoundedVirtualModel(int permits) {
        super("virtual-bounded:" + permits);
        this.permits = permits;
    }

    @Override
    ExecutorService newExecutor() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }

    @Override
    public OptionalInt concurrency() {
        return OptionalInt.of(permits);
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        Semaphore semaphore = new Semaphore(permits);
        BlockingTask gated = index -> {
            semaphore.acquire();
            try {
                task.run(index);
            } finally {
                semaphore.release();
            }
        };
        super.runAll(gated, clock);
    }
}
