package dev.loomlab.cli.extension;

import dev.loomlab.core.model.BlockingModel;
import dev.loomlab.core.model.BlockingRunner;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Sizing;

/**
 * A new blocking model in one class: {@code lanes:N} runs the tasks on N platform threads that each take
 * the next task index from a shared counter — no executor at all.
 */
public final class LanesModel implements BlockingModel {
    @Override
    public String name() {
        return "lanes";
    }

    @Override
    public String description() {
        return "N platform threads taking task indexes from a shared counter (a model added by a test)";
    }

    @Override
    public Sizing sizing() {
        return Sizing.REQUIRED;
    }

    @Override
    public BlockingRunner runner(Model model) {
        int lanes = model.requireSize();
        return (task, clock) -> {
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            Thread[] threads = new Thread[lanes];
            for (int t = 0; t < lanes; t++) {
                threads[t] = Thread.ofPlatform().start(() -> {
                    for (int i = next.getAndIncrement(); i < clock.tasks(); i = next.getAndIncrement()) {
                        clock.submitted(i);
                        clock.run(i, task);
                    }
                });
            }
            for (Thread t : threads) {
                t.join();
            }
        };
    }
}
