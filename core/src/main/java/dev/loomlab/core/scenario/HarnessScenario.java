package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.trial.ProgressListener;
import dev.loomlab.core.trial.TrialOutcome;
import dev.loomlab.core.trial.TrialSpec;
import dev.loomlab.core.workload.Workload;

import java.util.List;

/**
 * A scenario that compares thread kinds ({@code platform}, {@code virtual}) rather than executor models,
 * and runs its trial itself — through JMH, or its own measurement loop — instead of
 * {@link dev.loomlab.core.trial.TrialExecutor}'s tasks-on-a-model iterations. It still runs in the trial
 * JVM, so timeouts, logs, pooling and reports are the same as every other scenario's.
 */
public interface HarnessScenario extends Scenario {

    /**
     * Runs one trial in this JVM: warm-up and measured iterations as {@code spec} says, each
     * iteration's metrics in its result.
     *
     * @throws dev.loomlab.core.workload.NotApplicableException when this kind cannot run these parameters here
     */
    TrialOutcome runTrial(TrialSpec spec, ParamValues params, ThreadKind kind, ProgressListener progress)
            throws InterruptedException;

    /**
     * True when one trial JVM runs every fork of a result itself ({@link TrialSpec#forks()}), as JMH
     * forks its own JVMs; false for one trial JVM per fork.
     */
    default boolean runsAllForks() {
        return false;
    }

    @Override
    default List<String> defaultModels() {
        return List.of(ThreadKind.PLATFORM.modelName(), ThreadKind.VIRTUAL.modelName());
    }

    /** Not used: {@link #runTrial} runs the trial. */
    @Override
    default Workload workload(ParamValues params) {
        throw new UnsupportedOperationException(name() + " runs its own trial");
    }

    @Override
    default double boundMs(ParamValues params, Model model, BoundContext context) {
        return Double.NaN;
    }
}
