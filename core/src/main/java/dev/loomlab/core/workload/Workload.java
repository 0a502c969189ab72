package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;

import java.util.Optional;
import java.util.Set;

/**
 * What one task does (sleep, a CPU loop, …), for a fixed number of tasks per iteration, and the check
 * that an iteration did it right. A workload keeps each task's output so that {@link #validate} can
 * check it and the JIT cannot discard the work.
 */
public interface Workload {

    /** The styles this workload offers; a model of another style is "not applicable". */
    Set<Style> styles();

    /** Number of tasks in one iteration. */
    int tasks();

    /** True when this workload can run on {@code model}; otherwise its result is "not applicable". */
    default boolean supports(Model model) {
        return styles().contains(model.style());
    }

    /**
     * Prepares what every iteration needs and no iteration should pay for, e.g. starts the server the
     * tasks talk to; called once per trial, before the warm-up.
     *
     * @throws Exception when it cannot: the trial then fails with this reason
     */
    default void open(Model model) throws Exception {
    }

    /** Releases what {@link #open} prepared; called once per trial, whatever happened. */
    default void close() {
    }

    /** Runs one iteration's tasks on {@code model}, recording each in {@code clock}. */
    void run(Model model, TaskClock clock) throws InterruptedException;

    /** Metrics of this workload's own for the iteration just validated (e.g. profiles built), by name. */
    default java.util.Map<String, Double> metrics(TaskClock clock) {
        return java.util.Map.of();
    }

    /**
     * This iteration's latencies (ns) when the workload measures them itself (e.g. a load generator
     * timing requests from their intended send time); empty: each task's submit-to-done time in {@code clock}.
     */
    default Optional<org.HdrHistogram.Histogram> latencies(TaskClock clock) {
        return Optional.empty();
    }

    /** Clears outputs before an iteration. */
    void beforeIteration();

    /**
     * Checks an iteration's outputs; every task must have completed without throwing.
     *
     * @throws ValidationException naming what is wrong
     */
    void validate(TaskClock clock) throws ValidationException;

    /**
     * The pure-CPU part of one task, for timing it on a single thread (the CPU bound); empty when the
     * workload does no significant computation.
     */
    default Optional<BlockingTask> cpuPart() {
        return Optional.empty();
    }

    /** Checks that every task ran to completion without throwing. */
    static void requireAllCompleted(TaskClock clock) throws ValidationException {
        if (clock.failures() > 0) {
            Throwable t = clock.firstFailure();
            throw new ValidationException(clock.failures() + " of " + clock.tasks() + " tasks threw; first: " + t);
        }
        int done = clock.completedCount();
        if (done != clock.tasks()) {
            throw new ValidationException(done + " of " + clock.tasks() + " tasks completed");
        }
    }
}
