package dev.loomlab.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One benchmark's outcome as JMH's {@link org.openjdk.jmh.runner.Runner#run()} returns it: its score,
 * error, unit, mode and settings as a {@link JmhRun}, and its raw data (every measured iteration's
 * score, fork by fork) — what JMH's own JSON holds, taken from its objects rather than from a file.
 *
 * @param rawData per fork, each measured iteration's score in {@code run.unit()}
 */
public record JmhResult(JmhRun run, List<List<Double>> rawData) {

    /** The single benchmark of a run. */
    public static JmhResult of(Collection<RunResult> results) {
        if (results == null || results.size() != 1) {
            throw new IllegalStateException("expected one benchmark in JMH's results, found "
                    + (results == null ? "none" : results.size()));
        }
        return of(results.iterator().next());
    }

    /** One benchmark's result. */
    public static JmhResult of(RunResult result) {
        BenchmarkParams params = result.getParams();
        Result<?> primary = result.getPrimaryResult();
        if (params == null || primary == null) {
            throw new IllegalStateException("JMH's result has no primary score");
        }
        List<List<Double>> raw = new ArrayList<>();
        for (BenchmarkResult fork : result.getBenchmarkResults()) {
            List<Double> values = new ArrayList<>();
            for (IterationResult iteration : fork.getIterationResults()) {
                values.add(iteration.getPrimaryResult().getScore());
            }
            raw.add(values);
        }
        // JMH gives no error estimate (NaN) for too few iterations.
        double error = primary.getScoreError();
        JmhRun run = new JmhRun(params.getBenchmark(), params.getMode().shortLabel(), primary.getScore(),
                Double.isNaN(error) ? null : error, primary.getScoreUnit(), params.getForks(),
                params.getWarmup().getCount(), params.getWarmup().getTime().toString(),
                params.getMeasurement().getCount(), params.getMeasurement().getTime().toString());
        return new JmhResult(run, raw);
    }
}
