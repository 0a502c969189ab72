package dev.loomlab.core.scenario;

import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.Workload;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A named experiment: one immutable {@link ScenarioDescription} and the workload it runs for a set of
 * parameter values. Scenarios are found through {@link java.util.ServiceLoader} via {@link ScenarioProvider}.
 */
public record Scenario(ScenarioDescription description, Consumer<ParamValues> check,
                       Function<ParamValues, ? extends Workload> workloads) {

    /** A scenario of {@code description} whose workload {@code workloads} makes. */
    public static Scenario of(ScenarioDescription description, Function<ParamValues, ? extends Workload> workloads) {
        return new Scenario(description, p -> { }, workloads);
    }

    /**
     * A scenario whose parameter values need more checking than their types give (e.g. a user's class that
     * must exist): {@code check} runs when a run is planned, before any trial, and throws
     * {@link dev.loomlab.core.BadInputException} for values that cannot run.
     */
    public static Scenario checked(ScenarioDescription description, Consumer<ParamValues> check,
                                   Function<ParamValues, ? extends Workload> workloads) {
        return new Scenario(description, check, workloads);
    }

    public String name() {
        return description.name();
    }

    /**
     * The workload for these parameters.
     *
     * @throws dev.loomlab.core.workload.NotApplicableException when it cannot exist on this JVM
     */
    public Workload workload(ParamValues params) {
        return workloads.apply(params);
    }
}
