package dev.loomlab.core.model;

import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code platform:N}: a fixed pool of N platform threads ({@link Executors#newFixedThreadPool}). */
final class PlatformPoolModel extends ExecutorModel {
    private final int size;

    PlatformPoolModel(int size) {
        super("platform:" + size);
        this.size = size;
    }

    @Override
    ExecutorService newExecutor() {
        return Executors.newFixedThreadPool(size);
    }

    @Override
    public OptionalInt concurrency() {
        return OptionalInt.of(size);
    }
}
