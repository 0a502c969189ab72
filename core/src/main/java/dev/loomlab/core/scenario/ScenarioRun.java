package dev.loomlab.core.scenario;

import java.util.List;
import java.util.Map;

/**
 * One entry of a suite: a scenario with the models to compare and parameter texts (a comma list is a
 * sweep), and the round counts when the suite fixes them (null = the CLI's defaults).
 */
public record ScenarioRun(String scenario, List<String> models, Map<String, String> params, Integer warmup,
                          Integer iterations) {

    public static ScenarioRun of(String scenario, List<String> models, Map<String, String> params) {
        return new ScenarioRun(scenario, models, params, null, null);
    }

    public ScenarioRun rounds(int warmup, int iterations) {
        return new ScenarioRun(scenario, models, params, warmup, iterations);
    }
}
