package dev.loomlab.core.suite;

import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.List;

/**
 * A named list of scenario runs, read from {@code loomlab/suites/<id>.suite} files ({@link Suites}):
 * {@code quick} (the main job), {@code seeds} (every article experiment), {@code full} (sweeps).
 *
 * @param rounds the round counts of every entry that sets none of its own
 */
public record Suite(String id, String description, Rounds rounds, List<ScenarioRun> runs) {
}
