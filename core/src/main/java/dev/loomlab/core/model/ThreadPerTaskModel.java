package dev.loomlab.core.model;

import java.util.concurrent.Executors;

/** {@code thread-per-task}: a new platform thread for every task, never reused. */
public final class ThreadPerTaskModel implements BlockingModel {
    @Override
    public String name() {
        return "thread-per-task";
    }

    @Override
    public String description() {
        return "a new platform thread for every task";
    }

    @Override
    public BlockingRunner runner(Model model) {
        return new ExecutorRunner(() -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()));
    }
}
