package dev.loomlab.core.trial;

import java.util.Map;

/**
 * What one trial runs: a scenario × model × parameter set, with its round counts. Written to a file
 * the forked JVM reads.
 *
 * @param params parameter name → canonical text
 * @param fork which fork of the result this is (1-based; 0 when in-process)
 * @param forks the result's fork count; a JMH scenario's single trial runs that many JMH forks
 */
public record TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations,
                        int fork, int forks) {

    /** A trial of a result with one fork per trial JVM. */
    public TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations, int fork) {
        this(scenario, model, params, warmup, iterations, fork, fork == 0 ? 0 : 1);
    }
}
