package dev.loomlab.core.model;

import java.util.concurrent.ForkJoinPool;

/**
 * {@code forkjoin:N}: a {@link ForkJoinPool} of parallelism N. Tasks that block without a
 * {@code ManagedBlocker} (such as {@code Thread.sleep}) hold their worker, so it behaves as a pool of N.
 */
public final class ForkJoinModel implements BlockingModel {
    @Override
    public String name() {
        return "forkjoin";
    }

    @Override
    public String description() {
        return "a ForkJoinPool of parallelism N";
    }

    @Override
    public Sizing sizing() {
        return Sizing.REQUIRED;
    }

    @Override
    public BlockingRunner runner(Model model) {
        int parallelism = model.requireSize();
        return new ExecutorRunner(() -> new ForkJoinPool(parallelism));
    }
}
