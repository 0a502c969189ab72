package dev.loomlab.core.scenario;

import java.util.List;

/** Core's scenarios: sleep, cpu-sqrt, cpu-pi, mixed, fanout, memory. */
public final class CoreScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(new SleepScenario(), new CpuSqrtScenario(), new CpuPiScenario(), new MixedScenario(),
                new dev.loomlab.core.fanout.FanoutScenario(), new dev.loomlab.core.memory.MemoryScenario());
    }
}
