package dev.loomlab.core.model;

import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code completable:N}: each task a {@code CompletableFuture.runAsync} on a fixed pool of N platform threads. */
final class CompletableModel implements Model {
    private final int size;

    CompletableModel(int size) {
        this.size = size;
    }

    @Override
    public String name() {
        return "completable:" + size;
    }

    @Override
    public OptionalInt concurrency() {
        return OptionalInt.of(size);
    }

    @Override
    public void runAll(BlockingTask task, TaskClock clock) {
        try (ExecutorService pool = Executors.newFixedThreadPool(size)) {
            CompletableFuture<?>[] all = new CompletableFuture<?>[clock.tasks()];
            for (int i = 0; i < all.length; i++) {
                int index = i;
                clock.submitted(index);
                all[i] = CompletableFuture.runAsync(() -> clock.run(index, task), pool);
            }
            CompletableFuture.allOf(all).join();
        }
    }
}
