package dev.loomlab.core.model;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code thread-per-task}: a new platform thread for every task, never reused. */
final class ThreadPerTaskModel extends ExecutorModel {
    ThreadPerTaskModel() {
        super("thread-per-task");
    }

    @Override
    ExecutorService newExecutor() {
        return Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
    }
}
