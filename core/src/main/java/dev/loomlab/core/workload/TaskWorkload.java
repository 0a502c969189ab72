package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.stats.MetricKey;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one task does (sleep, a CPU loop, …) for a fixed number of tasks per iteration, in the forms it
 * offers, and the check that an iteration did it right. Each iteration goes through three phases:
 * {@link #prepare} (outside the timed span), the chosen {@link Offer}'s job (the only code inside it), and
 * {@link #collect} (outside it again). A workload keeps each task's output so that {@link #validate} can
 * check it and the JIT cannot discard the work.
 */
public non-sealed interface TaskWorkload extends Workload {

    /** The forms this workload can run in, most preferred first; a model with none of them is "not applicable". */
    List<Offer<?>> offers();

    /** Number of tasks in one iteration. */
    int tasks();

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

    /** Clears outputs before an iteration (and resets a server's counters); outside the timed span. */
    void prepare();

    /**
     * Called once the timed span has ended: gathers what the iteration needs from outside (a server's
     * counters) and returns this workload's own metrics by name (e.g. profiles built).
     */
    default Map<String, Double> collect(TaskClock clock) {
        return Map.of();
    }

    /**
     * This iteration's latencies (ns) when the workload measures them itself (e.g. a load generator
     * timing requests); empty: each task's submit-to-done time in {@code clock}.
     */
    default Optional<Histogram> latencies(TaskClock clock) {
        return Optional.empty();
    }

    /**
     * Checks an iteration's outputs after {@link #collect}; every task must have completed without throwing.
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

    /**
     * Counts among {@link #collect}'s metrics that the trial also reports per second of the iteration's
     * timed span: each count's key to the key of its rate (e.g. {@code commits} → {@code commits_per_s}), in the order
     * the rates are reported.
     */
    default Map<MetricKey, MetricKey> perSecond() {
        return Map.of();
    }

    /**
     * The GC log of the JVM the model runs in, when that is not this trial JVM (a server under test): the
     * result's GC pauses are then read from it. Empty (the default) for a model that runs in the trial.
     */
    default Optional<Path> modelGcLog() {
        return Optional.empty();
    }

    /**
     * Tells the workload the objective its trial's result is judged against ({@code --slo}, or the scenario's
     * default), in its canonical text ({@code p99<500ms,errors<1%}; null for none), before it opens: a workload that
     * searches for the highest rate within an objective judges its steps by it. The others ignore it.
     */
    default void objective(String slo) {
    }

    /**
     * What the iteration just collected adds to its result besides metrics, as sections: the first exception a
     * counted call threw ({@code first_failure}), the capacity search the iteration was ({@code capacity}) …;
     * none for most workloads.
     */
    default Sections sections() {
        return Sections.NONE;
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

    /**
     * As {@link #requireAllCompleted}, and no task took less than the {@code nanos} it waits ({@code wait} names
     * the wait, e.g. {@code sleep}): one that did would not have waited.
     */
    static void requireAllWaited(TaskClock clock, long nanos, String wait) throws ValidationException {
        requireAllCompleted(clock);
        for (int i = 0; i < clock.tasks(); i++) {
            if (clock.latencyNanos(i) < nanos) {
                throw new ValidationException("task " + i + " finished in " + clock.latencyNanos(i)
                        + " ns, less than its " + wait + " of " + Units.formatDuration(nanos));
            }
        }
    }
}
