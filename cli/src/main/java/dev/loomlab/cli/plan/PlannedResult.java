package dev.loomlab.cli.plan;

import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.trial.Jdk;

import java.util.List;

/**
 * One result a run will produce: scenario × model × parameter values × JDK, with its fork and round
 * counts and the trial JVM's flags.
 *
 * @param model the model, by its canonical name ({@code platform:cores} made {@code platform:8})
 */
public record PlannedResult(ScenarioDescription scenario, Model model, ParamValues params, Jdk jdk, int forks, int warmup,
                            int iterations, List<String> jvmArgs) {

    /** Iterations of all forks, for progress. */
    public int totalIterations() {
        return Math.max(1, forks) * (warmup + iterations);
    }

    /** What this result asks of the machine, as its scenario declares it. */
    public MachineNeeds machineNeeds() {
        return scenario.needs(params, model);
    }

    public String label() {
        return scenario.name() + " " + model + " " + params + (jdk == null ? "" : " [java " + jdk.feature() + "]");
    }
}
