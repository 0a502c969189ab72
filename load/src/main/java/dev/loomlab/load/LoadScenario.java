package dev.loomlab.load;

import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.TrialOutcome;

import dev.loomlab.core.outcome.CapacitySearch;
import dev.loomlab.core.outcome.CapacityStep;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.SearchPlan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code load}: the description of a {@code loomlab load <url>} run in the result contract — its
 * parameters and how its {@link LoadReport} becomes a {@link Result}. It runs only through
 * {@code loomlab load} (the target is a URL, not a parameter), so it is no scenario of the catalogue:
 * no suite lists it and {@code loomlab run} does not offer it.
 */
public final class LoadScenario {
    public static final String NAME = "load";
    /** The {@code rate} of a capacity search, and its model's name: {@code open:max}. */
    public static final String MAX = LoadParams.MAX;
    /** The score of a capacity search's result. */
    public static final String MAX_RATE_METRIC = "max_rate_per_s";

    /** What {@code load} results are, in the words every scenario is described in; its score is the throughput. */
    public static final ScenarioDescription DESCRIPTION = ScenarioDescription.named(NAME)
            .summary("HTTP load against any local URL (loomlab load)")
            .reproduces("003", "constant and step load, latency percentiles, errors")
            .params(LoadParams.usersParam("0", "closed model: users (0 with a rate)"),
                    LoadParams.rateParam("open model: requests per second (0 with users); max: the highest rate that meets the SLO"
                            + " (--find-max)"),
                    LoadParams.warmupParam(LoadParams.DEFAULT_WARMUP, "load before measuring"),
                    LoadParams.durationParam(LoadParams.DEFAULT_DURATION, "measured load"),
                    LoadParams.rampParam("step load: +20% every interval; 0s = constant"),
                    LoadParams.timeoutParam(),
                    LoadParams.connectionsParam("open model: most connections"),
                    LoadParams.startRateParam("rate=max: the first rate tried, per second"),
                    LoadParams.minRateParam(),
                    LoadParams.precisionParam("rate=max: the search stops within this share of the rate"))
            .score("throughput_per_s")
            .traits(Trait.GOLDEN_SIGNALS)
            .build();

    /** {@code load}'s description for a capacity search's result: the same parameters, scored by the sustainable rate. */
    public static final ScenarioDescription CAPACITY = ScenarioDescription.named(NAME)
            .summary(DESCRIPTION.summary())
            .reproduces("003", "capacity: the highest rate within the SLO")
            .params(DESCRIPTION.params().toArray(ParamSpec[]::new))
            .score(MAX_RATE_METRIC)
            .traits(Trait.GOLDEN_SIGNALS)
            .build();

    private LoadScenario() {
    }

    /** The parameters of {@code spec}, as this scenario's canonical values. */
    public static ParamValues params(LoadSpec spec) {
        return ParamValues.parse(NAME, DESCRIPTION.params(), LoadParams.of(spec).given());
    }

    /** The parameters of a capacity search of {@code target} under {@code plan}: {@code rate=max}. */
    public static ParamValues params(SearchPlan plan, int connections) {
        return ParamValues.parse(NAME, DESCRIPTION.params(), new LoadParams(0, 0, plan.stepWarmup(), plan.shortestStep(),
                Ramp.CONSTANT, plan.timeout(), connections, new LoadParams.Search(plan.startRatePerS(), plan.minRatePerS(),
                plan.precision())).given());
    }

    /**
     * One run's report as a result: one in-process iteration, model {@code closed:N} or {@code open:R/s}.
     * A run in which no request succeeded measured nothing but the target's absence: it is {@code failed},
     * its reason naming the requests sent and the errors by kind.
     */
    public static Result result(LoadSpec spec, LoadReport report) {
        return result(spec, report, Map.of());
    }

    /** As {@link #result(LoadSpec, LoadReport)}, with {@code extra} figures of the run (a load engine's own CPU, memory, threads). */
    public static Result result(LoadSpec spec, LoadReport report, Map<String, Double> extra) {
        Map<String, Double> figures = metrics(report);
        figures.putAll(extra);
        IterationResult iteration = new IterationResult(figures, HistogramCodec.encode(report.latency()));
        TrialOutcome outcome = report.ok() == 0
                ? TrialOutcome.failed("no request succeeded: " + report.sent() + " sent, errors: " + report.errorKinds(),
                        JvmInfo.current())
                : TrialOutcome.ok(JvmInfo.current(), null, null, null, List.of(iteration), null);
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1, List.of(outcome),
                List.of(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * A run that broke off once started (its engine died, a remote engine went away): {@code failed} with
     * {@code reason}, no figures.
     */
    public static Result failed(LoadSpec spec, String reason) {
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1,
                List.of(TrialOutcome.failed(reason, JvmInfo.current())), List.of(), Runtime.getRuntime().availableProcessors());
    }

    /** A load report's figures as an iteration's metrics: {@code wall_ms} (the measured span), then {@link LoadReport#metrics}. */
    public static Map<String, Double> metrics(LoadReport report) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", report.measuredNanos() / 1e6);
        metrics.putAll(report.metrics());
        return metrics;
    }

    /**
     * A capacity search's figures as an iteration's metrics: {@value #MAX_RATE_METRIC} (the sustainable rate),
     * {@code first_failing_per_s} when a rate failed above it, {@code generator_ceiling_per_s} and
     * {@code generator_bound} (1 when the answer is only a lower limit), then the figures of the step that passed
     * at the sustainable rate. Empty when no rate passed.
     */
    public static Map<String, Double> metrics(CapacitySearcher.Found found) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        CapacitySearch search = found.search();
        if (!search.found()) {
            return metrics;
        }
        metrics.put(MAX_RATE_METRIC, search.maxRatePerS());
        if (search.firstFailingPerS() != null) {
            metrics.put("first_failing_per_s", search.firstFailingPerS());
        }
        if (search.generatorCeilingPerS() != null) {
            metrics.put("generator_ceiling_per_s", search.generatorCeilingPerS());
        }
        metrics.put("generator_bound", search.generatorBound() ? 1.0 : 0.0);
        metrics.putAll(metrics(found.atMax()));
        return metrics;
    }

    /**
     * {@code loomlab load --find-max}'s search as a result, model {@code open:max}, score {@value #MAX_RATE_METRIC}:
     * ok with the figures of the step at the sustainable rate when some rate passed; {@code failed} when none did,
     * its reason naming the lowest rate tried and why it failed. Either way it carries the search (the curve).
     */
    public static Result result(SearchPlan plan, int connections, CapacitySearcher.Found found) {
        CapacitySearch search = found.search();
        TrialOutcome outcome;
        if (search.found()) {
            IterationResult iteration = new IterationResult(metrics(found), HistogramCodec.encode(found.atMax().latency()), search);
            outcome = TrialOutcome.ok(JvmInfo.current(), null, null, null, List.of(iteration), null);
        } else {
            outcome = TrialOutcome.failed(noPassingRate(search), JvmInfo.current());
        }
        Result r = ResultAssembler.assemble(CAPACITY, "open:" + MAX, null, params(plan, connections), 0, 0, 1, List.of(outcome),
                List.of(), Runtime.getRuntime().availableProcessors());
        return search.found() ? r : r.toBuilder().capacity(List.of(search)).build();
    }

    /** Why a search found no rate: the lowest rate it tried and that step's reasons. */
    public static String noPassingRate(CapacitySearch search) {
        CapacityStep lowest = search.steps().stream().min(java.util.Comparator.comparingDouble(CapacityStep::ratePerS)).orElseThrow();
        return "no rate met " + search.slo() + ": even " + Slo.figure(lowest.ratePerS()) + "/s, the lowest tried, failed ("
                + String.join("; ", lowest.reasons()) + ")";
    }
}
