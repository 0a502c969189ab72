package dev.loomlab.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.Untrusted;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
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
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Pools the outcomes of a result's forks into one {@link Result}: the one place statistics are computed. Sections
 * are pooled by their shape, so that a feature's section needs nothing here: a section an outcome or an iteration
 * holds as a list joins the lists of the others (fork by fork, iteration by iteration), any other is the first
 * one's. Pinned stacks and GC pauses are pooled as their own figures. A result whose iterations all ran but one of
 * which is {@link Untrusted} is {@code invalid} with that reason, and keeps its metrics.
 */
public final class ResultAssembler {
    private static final String LATENCY = Metric.TASK_LATENCY_MS.name();

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
                .score(scenario.score().name()).logs(logs)
                .section(PinnedStacks.SECTION, null).section(GcSections.COLLECTOR, null).section(GcSections.PAUSE_MS, null);
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
            untrusted(outcomes).ifPresent(why -> result.status(Status.INVALID, why));
            result.metrics(metrics).section(PinnedStacks.SECTION, pinnedStacks(all))
                    .section(GcSections.COLLECTOR,
                            outcomes.stream().map(TrialOutcome::gcCollector).filter(Objects::nonNull).findFirst().orElse(null))
                    .section(GcSections.PAUSE_MS, gcPauses(all))
                    .sections(pooled(Stream.concat(outcomes.stream().map(TrialOutcome::sections),
                            all.stream().map(IterationResult::sections)).toList()));
        }
        Articles articles = Articles.load();
        articles.figure(scenario.name(), modelName, params.canonical(), cores)
                .map(p -> Result.PublishedFigure.of(p.article(), articles.find(p.article()).map(Article::title).orElse(null),
                        p.metric(), p.value(), p.hardware(), p.note()))
                .ifPresent(result::published);
        return result.bound(bound, efficiency, serial).build();
    }

    /**
     * Why the first {@link Untrusted} iteration of {@code outcomes} cannot be trusted, named by fork and iteration where
     * there are several; empty when every iteration can be.
     */
    private static Optional<String> untrusted(List<TrialOutcome> outcomes) {
        for (int f = 0; f < outcomes.size(); f++) {
            List<IterationResult> iterations = outcomes.get(f).iterations();
            for (int i = 0; i < iterations.size(); i++) {
                Optional<String> why = iterations.get(i).section(Untrusted.SECTION);
                if (why.isPresent()) {
                    return Optional.of((outcomes.size() > 1 ? "fork " + (f + 1) + ": " : "")
                            + (iterations.size() > 1 ? "iteration " + (i + 1) + ": " : "") + why.get());
                }
            }
        }
        return Optional.empty();
    }

    /** The top pinned stacks over every measured iteration of every fork; null when none recorded pinning. */
    private static List<PinnedStack> pinnedStacks(List<IterationResult> iterations) {
        List<List<PinnedStack>> recorded = iterations.stream()
                .map(it -> it.section(PinnedStacks.SECTION))
                .flatMap(Optional::stream)
                .toList();
        if (recorded.isEmpty()) {
            return null;
        }
        return PinnedStack.top(recorded.stream().flatMap(List::stream).toList(), PinnedStack.TOP);
    }

    /**
     * The sections of the outcomes, then of their iterations, in that order, pooled as JSON: lists joined, anything
     * else the first value; pinned stacks left to {@link #pinnedStacks}.
     */
    private static Sections pooled(List<Sections> all) {
        Map<String, JsonNode> pooled = new LinkedHashMap<>();
        for (Sections sections : all) {
            for (String name : sections.names()) {
                JsonNode value = sections.json(name);
                if (name.equals(PinnedStacks.SECTION.name()) || name.equals(Untrusted.SECTION.name()) || value.isNull()) {
                    continue;
                }
                JsonNode before = pooled.get(name);
                if (before == null) {
                    pooled.put(name, value.deepCopy());
                } else if (before instanceof ArrayNode list && value.isArray()) {
                    list.addAll((ArrayNode) value);
                }
            }
        }
        Sections out = Sections.NONE;
        for (Map.Entry<String, JsonNode> e : pooled.entrySet()) {
            out = out.withJson(e.getKey(), e.getValue());
        }
        return out;
    }

    /** Every measured iteration's GC pauses pooled; null when some iteration had no GC log to read them from. */
    private static GcPauseSummary gcPauses(List<IterationResult> iterations) {
        if (iterations.isEmpty() || iterations.stream().anyMatch(it -> it.gcPauses() == null)) {
            return null;
        }
        return GcPauseSummary.of(iterations.stream().flatMap(it -> it.gcPauses().stream()).toList());
    }

    /**
     * What {@code iterations} pool into as a result's metrics (name → summary), as {@link #assemble} computes them:
     * what an objective judges ({@code Slo#judge}) before any result is made.
     */
    public static Map<String, Object> metrics(List<IterationResult> iterations) {
        return metrics(iterations, mergedLatency(iterations));
    }

    /** Summary per metric in first-seen order, then task latency from the merged histogram (ns). */
    static Map<String, Object> metrics(List<IterationResult> iterations, Histogram latency) {
        Set<String> names = new LinkedHashSet<>(List.of(Metric.WALL_MS.name(), Metric.THROUGHPUT_PER_S.name()));
        iterations.forEach(it -> names.addAll(it.metrics().keySet()));
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : names) {
            double[] samples = iterations.stream()
                    .map(it -> it.metrics().get(name))
                    .filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            out.put(name, samples.length == 0 ? null : Summary.of(samples));
            if (name.equals(Metric.THROUGHPUT_PER_S.name())) {
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
