package dev.loomlab.core.model;


import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * {@code virtual-bounded:N}: a virtual thread per task, at most N of them past a {@link Semaphore} at
 * once — article 004's advice for limiting concurrency instead of pooling virtual threads. A task's
 * latency includes its wait for a permit.
 */
public final class BoundedVirtualModel implements BlockingModel {
    @Override
    public String name() {
        return "virtual-bounded";
    }

    @Override
    public String description() {
        return "a virtual thread per task, at most N at once behind a Semaphore";
    }

    @Override
    public ServingThread threads() {
        return ServingThread.VIRTUAL;
    }

    @Override
    public Sizing sizing() {
        return Sizing.REQUIRED;
    }

    @Override
    public BlockingRunner runner(Model model) {
        int permits = model.requireSize();
        BlockingRunner virtual = new ExecutorRunner(Executors::newVirtualThreadPerTaskExecutor);
        return (task, clock) -> {
            Semaphore semaphore = new Semaphore(permits);
            virtual.runAll(index -> {
                semaphore.acquire();
                try {
                    task.run(index);
                } finally {
                    semaphore.release();
                }
            }, clock);
        };
    }
}
