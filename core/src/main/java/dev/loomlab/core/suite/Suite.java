package dev.loomlab.core.suite;

import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.List;
import java.util.function.Function;

/**
 * A named list of scenario runs, gathered from every scenario's own entries: {@code quick} (the main
 * job, a few minutes), {@code seeds} (every article experiment at its published parameters),
 * {@code full} (sweeps).
 */
public enum Suite {
    QUICK("quick", "every scenario, small enough to finish in a few minutes", Scenario::quick),
    SEEDS("seeds", "every article experiment at its published parameters and round counts", Scenario::seeds),
    FULL("full", "sweeps over pool size, task count and yield frequency (long)", Scenario::full);

    private final String id;
    private final String description;
    private final Function<Scenario, List<ScenarioRun>> runs;

    Suite(String id, String description, Function<Scenario, List<ScenarioRun>> runs) {
        this.id = id;
        this.description = description;
        this.runs = runs;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** This suite's runs over the given scenarios, in their order. */
    public List<ScenarioRun> runs(List<Scenario> scenarios) {
        return scenarios.stream().flatMap(s -> runs.apply(s).stream()).toList();
    }

    /** The suite named {@code id}, or null. */
    public static Suite find(String id) {
        for (Suite s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        return null;
    }
}
