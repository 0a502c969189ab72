package dev.loomlab.core.scenario;

import java.util.List;

/** Contributes scenarios, found through {@link java.util.ServiceLoader}. */
public interface ScenarioProvider {
    List<Scenario> scenarios();
}
