package dev.loomlab.core.workload;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;

/**
 * A workload that runs its whole trial itself — through JMH, or its own measurement loop — instead of
 * the trial executor's tasks-on-a-runner iterations, on the runner of its one form (a thread kind). It
 * still runs in the trial JVM, so timeouts, logs, pooling and reports are the same as every other's.
 *
 * @param <R> its form's runner type
 */
public non-sealed interface TrialWorkload<R> extends Workload {

    /** The form it runs in, e.g. {@link Form#THREADS}. */
    Form<R> form();

    /**
     * Runs one trial in this JVM: warm-up and measured iterations as {@code spec} says, each iteration's
     * metrics in its result.
     *
     * @throws NotApplicableException when this runner cannot run these parameters here
     */
    TrialOutcome runTrial(TrialSpec spec, R runner, ProgressListener progress) throws InterruptedException;
}
