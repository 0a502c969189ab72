package dev.loomlab.bench;

import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioProvider;

import java.util.List;

/** The bench module's JMH scenarios: thread-start, thread-create, handoff. */
public final class BenchScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(new ThreadStartScenario(), new ThreadCreateScenario(), new HandoffScenario());
    }
}
