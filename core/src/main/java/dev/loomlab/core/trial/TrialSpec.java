package dev.loomlab.core.trial;

import java.util.Map;

/**
 * What one trial runs: a scenario × model × parameter set, with its round counts. Written to a file
 * the forked JVM reads.
 *
 * @param params parameter name → canonical text
 * @param fork which fork of the result this is (1-based; 0 when in-process)
 */
public record TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations,
                        int fork) {
}
