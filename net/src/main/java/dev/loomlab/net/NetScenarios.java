package dev.loomlab.net;

import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioProvider;

import java.util.List;

/** The net module's scenarios: http-get and echo. */
public final class NetScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(new HttpGetScenario(), new EchoScenario());
    }
}
