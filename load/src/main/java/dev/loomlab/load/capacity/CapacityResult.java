package dev.loomlab.load.capacity;

import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.Untrusted;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.Ramp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * A capacity search in the result contract: its parameters ({@code rate=max}), its figures and, for {@code loomlab load
 * --find-max}, its result, described as {@link LoadScenario#CAPACITY}. It lives beside the search, which is built on
 * the load package, so that {@code load} needs nothing of {@code load.capacity}.
 */
public final class CapacityResult {
    private CapacityResult() {
    }

    /** The parameters of a capacity search under {@code plan}, at most {@code connections} connections: {@code rate=max}. */
    public static ParamValues params(SearchPlan plan, int connections) {
        LoadParams load = new LoadParams(0, 0, plan.stepWarmup(), plan.shortestStep(), Ramp.CONSTANT, plan.timeout(), connections,
                new LoadParams.Search(plan.startRatePerS(), plan.minRatePerS(), plan.precision()));
        return ParamValues.parse(LoadScenario.NAME, LoadScenario.DESCRIPTION.params(), load.given());
    }

    /**
     * A capacity search's figures as an iteration's metrics: {@code max_rate_per_s} (the sustainable
     * rate), {@code first_failing_per_s} when a rate failed above it, {@code generator_ceiling_per_s} and
     * {@code generator_bound} (1 when the answer is only a lower limit), then the figures of the step that passed
     * at the sustainable rate, with its {@code generator_cpu_pct}. Empty when no rate passed.
     */
    public static Map<String, Double> metrics(CapacitySearcher.Found found) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        CapacitySearch search = found.search();
        if (!search.found()) {
            return metrics;
        }
        metrics.put(LoadMetrics.MAX_RATE_PER_S.name(), search.maxRatePerS());
        if (search.firstFailingPerS() != null) {
            metrics.put(LoadMetrics.FIRST_FAILING_PER_S.name(), search.firstFailingPerS());
        }
        if (search.generatorCeilingPerS() != null) {
            metrics.put(LoadMetrics.GENERATOR_CEILING_PER_S.name(), search.generatorCeilingPerS());
        }
        metrics.put(LoadMetrics.GENERATOR_BOUND.name(), search.generatorBound() ? 1.0 : 0.0);
        metrics.putAll(LoadScenario.metrics(found.atMax()));
        search.steps().stream().filter(st -> st.passed() && st.ratePerS() == search.highestPassingPerS())
                .reduce((a, b) -> b).map(CapacityStep::generatorCpuPct)
                .ifPresent(cpu -> metrics.put(LoadMetrics.GENERATOR_CPU_PCT.name(), cpu));
        return metrics;
    }

    /**
     * {@code loomlab load --find-max}'s searches as a result, model {@code open:max}, score {@code max_rate_per_s}, one
     * measured iteration per search ({@code --repeat N}: N), each with its search and its {@link KneeCause#SECTION} (the
     * result's knee is the first search's): ok when every search found a rate, its metrics each search's figures (so
     * {@code max_rate_per_s} holds one sample per search, and its median, min and max are the searches'); {@code invalid}
     * when a search stopped, before any rate passed, at a step whose generator could not be trusted — that iteration
     * with the figures of the step that stopped it; {@code failed} when a search found none otherwise, its reason naming
     * the lowest rate that search tried and why it failed. Either way it carries every search (its curve), in the order
     * run.
     */
    public static Result result(SearchPlan plan, int connections, List<CapacitySearcher.Found> found) {
        List<CapacitySearch> searches = found.stream().map(CapacitySearcher.Found::search).toList();
        TrialOutcome outcome;
        int missed = IntStream.range(0, searches.size()).filter(i -> !searches.get(i).found() && !stoppedWithFigures(found.get(i)))
                .findFirst().orElse(-1);
        if (missed < 0) {
            outcome = TrialOutcome.ok(JvmInfo.current(), null, null, null, found.stream().map(CapacityResult::iteration).toList());
        } else {
            CapacitySearch search = searches.get(missed);
            outcome = TrialOutcome.failed((searches.size() > 1 ? "search " + (missed + 1) + " of " + searches.size() + ": " : "")
                    + (search.stopped() != null ? search.stoppedWithoutAnswer() : noPassingRate(search)), JvmInfo.current());
        }
        Result r = ResultAssembler.assemble(LoadScenario.CAPACITY, "open:" + LoadParams.MAX, null, params(plan, connections), 0, 0,
                searches.size(), List.of(outcome), List.of(), Runtime.getRuntime().availableProcessors());
        if (missed < 0) {
            return r;
        }
        Result.Builder b = r.toBuilder().section(CapacitySearch.SECTION, searches);
        if (searches.getFirst().kneeCause() != null) {
            b.section(KneeCause.SECTION, searches.getFirst().kneeCause());
        }
        return b.build();
    }

    /**
     * A search that could not run (the service it was to search did not start), as a {@code failed} capacity result
     * with {@code why}, at most {@code connections} connections a step.
     */
    public static Result failed(SearchPlan plan, int connections, String why) {
        return ResultAssembler.assemble(LoadScenario.CAPACITY, "open:" + LoadParams.MAX, null, params(plan, connections), 0, 0,
                1, List.of(TrialOutcome.failed(why, JvmInfo.current())), List.of(), Runtime.getRuntime().availableProcessors());
    }

    /** True when {@code found} stopped at a step its generator could not keep before any rate passed, and that step answered. */
    private static boolean stoppedWithFigures(CapacitySearcher.Found found) {
        return !found.search().found() && found.search().stopped() != null && found.atStop() != null && found.atStop().ok() > 0;
    }

    /**
     * One search as an iteration: its figures (those of the step that stopped it, marked {@link Untrusted}, when it
     * stopped before any rate passed), its search and its knee.
     */
    private static IterationResult iteration(CapacitySearcher.Found f) {
        Sections sections = Sections.of(CapacitySearch.SECTION, List.of(f.search())).with(KneeCause.SECTION, f.search().kneeCause());
        if (f.search().found()) {
            return IterationResult.of(metrics(f), HistogramCodec.encode(f.atMax().latency())).withSections(sections);
        }
        return IterationResult.of(stoppedMetrics(f), HistogramCodec.encode(f.atStop().latency())).withSections(sections)
                .with(Untrusted.SECTION, f.search().stoppedWithoutAnswer());
    }

    /**
     * The figures of the step that stopped a search before any rate passed: its load's, beside the generator's ceiling;
     * what shows why it could not be trusted.
     */
    private static Map<String, Double> stoppedMetrics(CapacitySearcher.Found found) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (found.search().generatorCeilingPerS() != null) {
            metrics.put(LoadMetrics.GENERATOR_CEILING_PER_S.name(), found.search().generatorCeilingPerS());
        }
        metrics.putAll(LoadScenario.metrics(found.atStop()));
        CapacityStep stopped = found.search().steps().getLast();
        if (stopped.generatorCpuPct() != null) {
            metrics.put(LoadMetrics.GENERATOR_CPU_PCT.name(), stopped.generatorCpuPct());
        }
        return metrics;
    }

    /** Why a search found no rate: the lowest rate it tried and that step's reasons. */
    public static String noPassingRate(CapacitySearch search) {
        CapacityStep lowest = search.steps().stream().filter(st -> !st.passed())
                .min(java.util.Comparator.comparingDouble(CapacityStep::ratePerS)).orElseThrow();
        return "no rate met " + search.slo() + ": even " + Slo.figure(lowest.ratePerS()) + "/s, the lowest tried, failed ("
                + String.join("; ", lowest.reasons()) + ")";
    }
}
