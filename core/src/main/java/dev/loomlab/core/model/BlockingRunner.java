package dev.loomlab.core.model;

/**
 * Runs N blocking tasks in a model's way: a pool, a virtual thread per task, a fork/join pool … It creates
 * its threads inside {@link #runAll} and releases them before returning, as the articles'
 * {@code try (var executor = …)} blocks do.
 */
@FunctionalInterface
public interface BlockingRunner {

    /**
     * Runs tasks {@code 0 … clock.tasks()-1}, marking each submitted before handing it over and running
     * it through {@link TaskClock#run}; returns once every task has finished.
     */
    void runAll(BlockingTask task, TaskClock clock) throws InterruptedException;
}
