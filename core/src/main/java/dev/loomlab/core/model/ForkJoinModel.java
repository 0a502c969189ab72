package dev.loomlab.core.model;

import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;

/**
 * {@code forkjoin:N}: a {@link ForkJoinPool} of parallelism N. Tasks that block without a
 * {@code ManagedBlocker} (such as {@code Thread.sleep}) hold their worker, so it behaves as a pool of N.
 */
final class ForkJoinModel extends ExecutorModel {
    private final int parallelism;

    ForkJoinModel(int parallelism) {
        super("forkjoin:" + parallelism);
        this.parallelism = parallelism;
    }

    @Override
    ExecutorService newExecutor() {
        return new ForkJoinPool(parallelism);
    }

    @Override
    public OptionalInt concurrency() {
        return OptionalInt.of(parallelism);
    }
}
