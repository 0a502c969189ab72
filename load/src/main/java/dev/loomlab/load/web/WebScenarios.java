package dev.loomlab.load.web;

import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioProvider;

import java.util.List;

/** The load module's scenarios: web. */
public final class WebScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(new WebScenario());
    }
}
