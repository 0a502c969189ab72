package dev.loomlab.core.scenario;

import dev.loomlab.core.pinning.PinningScenario;
import dev.loomlab.core.semaphore.SemaphoreScenario;
import dev.loomlab.core.threadlocal.ThreadLocalScenario;

import java.util.List;

/** Article 004's cautions, measured: pinning, semaphore, threadlocal. */
public final class CautionScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(new PinningScenario(), new SemaphoreScenario(), new ThreadLocalScenario());
    }
}
