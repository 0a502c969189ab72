package dev.loomlab.core.outcome;

import java.util.Map;

/**
 * What one trial runs: a scenario × model × parameter set, with its round counts. Written to a file
 * the forked JVM reads.
 *
 * @param params        parameter name → canonical text
 * @param fork          which fork of the result this is (1-based; 0 when in-process)
 * @param forks         the result's fork count; a JMH scenario's single trial runs that many JMH forks
 * @param sampleThreads true to sample the thread counts every few ms during each iteration (opt-in: a
 *                      sampler thread runs beside the model), for the daemon / non-daemon peaks
 * @param slo           the objective the run judges this trial's result against ({@code --slo}, or the scenario's
 *                      default), in its canonical text; null when it judges none. A workload that searches for the
 *                      highest rate within an objective (web's {@code rate=max}) judges its steps by it
 */
public record TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations,
                        int fork, int forks, boolean sampleThreads, String slo) {

    /** A trial whose result is judged against no objective. */
    public TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations,
                     int fork, int forks, boolean sampleThreads) {
        this(scenario, model, params, warmup, iterations, fork, forks, sampleThreads, null);
    }

    /** A trial of a result with one fork per trial JVM, without thread sampling. */
    public TrialSpec(String scenario, String model, Map<String, String> params, int warmup, int iterations, int fork) {
        this(scenario, model, params, warmup, iterations, fork, fork == 0 ? 0 : 1, false);
    }
}
