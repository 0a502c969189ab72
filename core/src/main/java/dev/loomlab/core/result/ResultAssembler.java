package dev.loomlab.core.result;

import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.pinning.PinnedStack;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.trial.IterationResult;
import dev.loomlab.core.trial.JvmInfo;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.trial.TrialOutcome;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Pools the outcomes of a result's forks into one {@link Result}: the one place statistics are computed. */
public final class ResultAssembler {
    private static final String LATENCY = "task_latency_ms";

    private ResultAssembler() {
    }

    /**
     * @param forks the number of forked JVMs (0 = in-process); {@code outcomes} has one per fork, or one
     * @param cores the machine's available processors, to match figures published for "a pool of cores"
     */
    public static Result assemble(Scenario scenario, String model, ParamValues params, int forks, int warmup,
                                  int iterations, List<TrialOutcome> outcomes, List<String> logs, int cores) {
        JvmInfo jvm = outcomes.get(0).jvm();
        String status = TrialOutcome.OK;
        String error = null;
        for (String worst : List.of(TrialOutcome.FAILED, TrialOutcome.INVALID, TrialOutcome.NOT_APPLICABLE)) {
            for (int i = 0; i < outcomes.size(); i++) {
                TrialOutcome o = outcomes.get(i);
                if (worst.equals(o.status()) && status.equals(TrialOutcome.OK)) {
                    status = worst;
                    error = (outcomes.size() > 1 ? "fork " + (i + 1) + ": " : "") + o.error();
                }
            }
        }
        Map<String, Object> metrics = new LinkedHashMap<>();
        Double bound = median(outcomes.stream().map(TrialOutcome::boundMs).toList());
        Double serial = median(outcomes.stream().map(TrialOutcome::serialTaskMs).toList());
        Double efficiency = null;
        Map<String, String> histograms = Map.of();
        if (status.equals(TrialOutcome.OK)) {
            List<IterationResult> all = outcomes.stream().flatMap(o -> o.iterations().stream()).toList();
            Histogram latency = mergedLatency(all);
            metrics = metrics(all, latency);
            if (latency.getTotalCount() > 0) {
                histograms = Map.of(LATENCY, TrialExecutor.encode(latency));
            }
            Summary wall = (Summary) metrics.get("wall_ms");
            if (bound != null && wall != null && wall.mean() > 0) {
                efficiency = bound / wall.mean();
            }
        }
        Map<String, String> canonical = params.canonical();
        Result.PublishedFigure published = scenario.published().stream()
                .filter(p -> p.matches(model, canonical, cores))
                .findFirst()
                .map(ResultAssembler::figure)
                .orElse(null);
        return new Result(scenario.name(), model, params.json(), jvm, forks, warmup, iterations, status, error,
                metrics, bound, efficiency, serial, published, logs,
                status.equals(TrialOutcome.OK) ? pinnedStacks(outcomes) : null, histograms,
                status.equals(TrialOutcome.OK) ? outcomes.get(0).jmh() : null);
    }

    /** The top pinned stacks over every measured iteration of every fork; null when none recorded pinning. */
    private static List<PinnedStack> pinnedStacks(List<TrialOutcome> outcomes) {
        List<List<PinnedStack>> recorded = outcomes.stream()
                .flatMap(o -> o.iterations().stream())
                .map(IterationResult::pinnedStacks)
                .filter(Objects::nonNull)
                .toList();
        if (recorded.isEmpty()) {
            return null;
        }
        return PinnedStack.top(recorded.stream().flatMap(List::stream).toList(), PinnedStack.TOP);
    }

    private static Result.PublishedFigure figure(Published p) {
        return p.metric().equals(Published.WALL_MS)
                ? new Result.PublishedFigure(p.source(), p.value(), p.hardware(), p.note())
                : new Result.PublishedFigure(p.source(), null, p.hardware(), p.note(), p.metric(), p.value());
    }

    /** Summary per metric in first-seen order, then task latency from the merged histogram (ns). */
    static Map<String, Object> metrics(List<IterationResult> iterations, Histogram latency) {
        Set<String> names = new LinkedHashSet<>(List.of("wall_ms", "throughput_per_s"));
        iterations.forEach(it -> names.addAll(it.metrics().keySet()));
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : names) {
            double[] samples = iterations.stream()
                    .map(it -> it.metrics().get(name))
                    .filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            out.put(name, samples.length == 0 ? null : Summary.of(samples));
            if (name.equals("throughput_per_s")) {
                out.put(LATENCY, latency.getTotalCount() == 0 ? null : LatencySummary.of(latency));
            }
        }
        return out;
    }

    /** Every iteration's task latencies (ns) in one histogram; empty when none were recorded. */
    private static Histogram mergedLatency(List<IterationResult> iterations) {
        Histogram merged = new Histogram(3);
        for (IterationResult it : iterations) {
            if (it.latencyHistogram() != null) {
                merged.add(TrialExecutor.decode(it.latencyHistogram()));
            }
        }
        return merged;
    }

    private static Double median(List<Double> values) {
        double[] v = values.stream().filter(Objects::nonNull).filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).toArray();
        if (v.length == 0) {
            return null;
        }
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
