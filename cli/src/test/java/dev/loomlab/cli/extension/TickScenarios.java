package dev.loomlab.cli.extension;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioProvider;

import java.util.List;

/** The new scenario's one description (and, being a new module's, the provider that lists it). */
public final class TickScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(Scenario.of(ScenarioDescription.named("tick")
                        .summary("tasks that each sleep one tick: a scenario added by a test")
                        .params(ParamSpec.tasks("20"), ParamSpec.duration("tick", "10ms", "how long each task sleeps"))
                        .models("virtual", "lanes:2")
                        .bound(Bound.waiting("tasks", "tick"))
                        .build(),
                p -> new TickWorkload(p.intCount("tasks"), (long) p.durationMillis("tick"))));
    }
}
