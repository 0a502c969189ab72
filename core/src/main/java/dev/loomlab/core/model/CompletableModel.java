package dev.loomlab.core.model;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code completable:N}: each task a {@code CompletableFuture.runAsync} on a fixed pool of N platform threads. */
public final class CompletableModel implements BlockingModel {
    @Override
    public String name() {
        return "completable";
    }

    @Override
    public String description() {
        return "CompletableFuture.runAsync on a fixed pool of N platform threads";
    }

    @Override
    public Sizing sizing() {
        return Sizing.REQUIRED;
    }

    @Override
    public BlockingRunner runner(Model model) {
        int size = model.requireSize();
        return (task, clock) -> {
            try (ExecutorService pool = Executors.newFixedThreadPool(size)) {
                CompletableFuture<?>[] all = new CompletableFuture<?>[clock.tasks()];
                for (int i = 0; i < all.length; i++) {
                    int index = i;
                    clock.submitted(index);
                    all[i] = CompletableFuture.runAsync(() -> clock.run(index, task), pool);
                }
                CompletableFuture.allOf(all).join();
            }
        };
    }
}
