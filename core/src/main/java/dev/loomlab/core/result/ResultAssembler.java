package dev.loomlab.core.result;

import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.scenario.Article;
import dev.loomlab.core.scenario.Articles;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.stats.GcPauseSummary;
import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Median;
import dev.loomlab.core.stats.Summary;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Pools the outcomes of a result's forks into one {@link Result}: the one place statistics are computed. */
public final class ResultAssembler {
    private static final String LATENCY = Metric.TASK_LATENCY_MS;

    private ResultAssembler() {
    }

    /**
     * @param model     the model as a value; null when its name is not a model on this JVM
     * @param forks     the number of forked JVMs (0 = in-process); {@code outcomes} has one per fork, or one
     * @param cores     the machine's available processors, to match figures published for "a pool of cores"
     */
    public static Result assemble(ScenarioDescription scenario, String modelName, Model model, ParamValues params,
                                  int forks, int warmup, int iterations, List<TrialOutcome> outcomes, List<String> logs,
                                  int cores) {
        Status status = Status.OK;
        String error = null;
        for (Status worst : Status.SEVERITY) {
            for (int i = 0; i < outcomes.size() && status == Status.OK; i++) {
                TrialOutcome o = outcomes.get(i);
                if (o.status() == worst) {
                    status = worst;
                    error = (outcomes.size() > 1 ? "fork " + (i + 1) + ": " : "") + o.error();
                }
            }
        }
        Result.Builder result = Result.builder(scenario.name(), modelName).modelInfo(model)
                .form(outcomes.stream().map(TrialOutcome::form).filter(Objects::nonNull).findFirst().orElse(null))
                .params(params.json()).jvm(outcomes.get(0).jvm()).rounds(forks, warmup, iterations).status(status, error)
                .score(scenario.score()).logs(logs);
        Double bound = orNull(Median.of(outcomes.stream().map(TrialOutcome::boundMs).toList()));
        Double serial = orNull(Median.of(outcomes.stream().map(TrialOutcome::serialTaskMs).toList()));
        Double efficiency = null;
        if (status == Status.OK) {
            List<IterationResult> all = outcomes.stream().flatMap(o -> o.iterations().stream()).toList();
            Histogram latency = mergedLatency(all);
            Map<String, Object> metrics = metrics(all, latency);
            if (latency.getTotalCount() > 0) {
                result.histograms(Map.of(LATENCY, HistogramCodec.encode(latency)));
            }
            // The score is the mean (with its t-interval), so efficiency is the bound over the mean.
            if (bound != null && metrics.get(Result.DEFAULT_SCORE) instanceof Summary wall && wall.mean() > 0) {
                efficiency = bound / wall.mean();
            }
            result.metrics(metrics).pinnedStacks(pinnedStacks(outcomes)).jmh(outcomes.get(0).jmh())
                    .gc(outcomes.stream().map(TrialOutcome::gcCollector).filter(Objects::nonNull).findFirst().orElse(null),
                            gcPauses(all))
                    .firstFailure(all.stream().map(IterationResult::firstFailure).filter(Objects::nonNull).findFirst().orElse(null))
                    .capacity(all.stream().map(IterationResult::capacity).filter(Objects::nonNull).toList());
        }
        Articles articles = Articles.load();
        articles.figure(scenario.name(), modelName, params.canonical(), cores)
                .map(p -> Result.PublishedFigure.of(p.article(), articles.find(p.article()).map(Article::title).orElse(null),
                        p.metric(), p.value(), p.hardware(), p.note()))
                .ifPresent(result::published);
        return result.bound(bound, efficiency, serial).build();
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

    /** Every measured iteration's GC pauses pooled; null when some iteration had no GC log to read them from. */
    private static GcPauseSummary gcPauses(List<IterationResult> iterations) {
        if (iterations.isEmpty() || iterations.stream().anyMatch(it -> it.gcPauses() == null)) {
            return null;
        }
        return GcPauseSummary.of(iterations.stream().flatMap(it -> it.gcPauses().stream()).toList());
    }

    /** Summary per metric in first-seen order, then task latency from the merged histogram (ns). */
    static Map<String, Object> metrics(List<IterationResult> iterations, Histogram latency) {
        Set<String> names = new LinkedHashSet<>(List.of(Metric.WALL_MS, Metric.THROUGHPUT_PER_S));
        iterations.forEach(it -> names.addAll(it.metrics().keySet()));
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : names) {
            double[] samples = iterations.stream()
                    .map(it -> it.metrics().get(name))
                    .filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            out.put(name, samples.length == 0 ? null : Summary.of(samples));
            if (name.equals(Metric.THROUGHPUT_PER_S)) {
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
                merged.add(HistogramCodec.decode(it.latencyHistogram()));
            }
        }
        return merged;
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
