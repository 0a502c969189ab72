package dev.loomlab.core.fanout;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.TaskClock;

/**
 * How one concurrency model builds many user profiles at once, each in that model's own idiom: fetch
 * the user, then orders, preferences and notifications in parallel. Task {@code i} builds the profile
 * of user {@code i + 1}; its latency is submit → profile built (or failed).
 */
public interface FanoutModel {
    /** The fan-out form: a model's own way of building many profiles at once. */
    Form<FanoutModel> FORM = new Form<>("fanout", FanoutModel.class);


    /**
     * Builds every profile, storing each in {@code built[i]} and recording each task in {@code clock}
     * (a profile whose calls failed is recorded as a failure); returns when all are done.
     *
     * @throws StarvationDeadlockException when the model's threads all wait on work queued behind them
     */
    void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) throws InterruptedException;
}
