package dev.loomlab.core.model;

import java.util.OptionalInt;

/**
 * A way of running N tasks: a platform pool, a virtual thread per task, a fork/join pool … One model
 * instance runs one iteration at a time; it creates its threads inside {@link #runAll} and releases
 * them before returning, as the articles' {@code try (var executor = …)} blocks do.
 */
public interface Model {

    /** The model's name as the CLI and results spell it, e.g. {@code platform:200}. */
    String name();

    /** The style of task this model runs; blocking unless it says otherwise. */
    default Style style() {
        return Style.BLOCKING;
    }

    /** How many tasks can run at once, or empty when the model does not limit it (the default). */
    default OptionalInt concurrency() {
        return OptionalInt.empty();
    }

    /**
     * Runs tasks {@code 0 … clock.tasks()-1}, marking each submitted before handing it over and running
     * it through {@link TaskClock#run}; returns once every task has finished.
     */
    void runAll(BlockingTask task, TaskClock clock) throws InterruptedException;
}
