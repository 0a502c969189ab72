package dev.loomlab.core.scenario;

import java.util.List;
import java.util.Map;

/**
 * One entry of a suite, or one scenario named on the command line: a scenario with the models to
 * compare, parameter texts (a comma list is a sweep) and the round counts it fixes.
 */
public record ScenarioRun(String scenario, List<String> models, Map<String, String> params, Rounds rounds) {

    public ScenarioRun {
        models = List.copyOf(models);
        params = Map.copyOf(params);
    }

    /** A run of {@code scenario} as its description sets it up by default. */
    public static ScenarioRun defaults(ScenarioDescription scenario) {
        return new ScenarioRun(scenario.name(), scenario.defaultModels(), scenario.defaultSweep(), Rounds.NONE);
    }
}
