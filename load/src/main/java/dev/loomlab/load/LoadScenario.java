package dev.loomlab.load;

import dev.loomlab.core.section.Sections;
import dev.loomlab.core.server.ServerMetrics;
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
import dev.loomlab.core.outcome.Untrusted;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.service.RunReadings;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.load.service.ServiceFigures;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;


import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code load}: the description of a {@code loomlab load <url>} run in the result contract — its
 * parameters and how its {@link LoadReport} becomes a {@link Result}. It runs only through
 * {@code loomlab load} (the target is a URL, not a parameter), so it is no scenario of the catalogue:
 * no suite lists it and {@code loomlab run} does not offer it. A capacity search's result ({@code rate=max}, scored by
 * {@code max_rate_per_s}) is made in {@code load.capacity} ({@code CapacityResult}).
 */
public final class LoadScenario {
    public static final String NAME = "load";
    /** The {@code rate} of a capacity search, and its model's name: {@code open:max}. */
    public static final String MAX = LoadParams.MAX;
    /**
     * What a {@code load} result carries: it runs in loomlab's own JVM, so no probe measures it; the load's figures,
     * the engine's own when it runs in a JVM of its own, and a search's answer.
     */
    private static final List<MetricKey> FIGURES = figures();

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
            .withoutProbes()
            .metrics(FIGURES)
            .score(Metric.THROUGHPUT_PER_S)
            .traits(Trait.GOLDEN_SIGNALS)
            .build();

    /** {@code load}'s description for a capacity search's result: the same parameters, scored by the sustainable rate. */
    public static final ScenarioDescription CAPACITY = ScenarioDescription.named(NAME)
            .summary(DESCRIPTION.summary())
            .reproduces("003", "capacity: the highest rate within the SLO")
            .params(DESCRIPTION.params().toArray(ParamSpec[]::new))
            .withoutProbes()
            .metrics(FIGURES)
            .score(LoadMetrics.MAX_RATE_PER_S)
            .traits(Trait.GOLDEN_SIGNALS)
            .build();

    private LoadScenario() {
    }

    private static List<MetricKey> figures() {
        List<MetricKey> keys = new ArrayList<>(List.of(Metric.WALL_MS, Metric.THROUGHPUT_PER_S, Metric.TASK_LATENCY_MS));
        keys.addAll(ServerMetrics.CLIENT_COUNTS);
        keys.addAll(LoadMetrics.ALL);
        return keys;
    }

    /** The parameters of {@code spec}, as this scenario's canonical values. */
    public static ParamValues params(LoadSpec spec) {
        return ParamValues.parse(NAME, DESCRIPTION.params(), LoadParams.of(spec).given());
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
        TrialOutcome outcome = report.ok() == 0 ? noAnswer(report)
                : TrialOutcome.ok(JvmInfo.current(), null, null, null, List.of(iteration(report, extra)));
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1, List.of(outcome),
                List.of(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #result(LoadSpec, LoadReport, Map)}, with what was read beside the run: {@code generator_cpu_pct}, and the
     * service's figures as the {@link ServiceFigures#SECTION}. A run whose generator could not be trusted
     * ({@link GeneratorValidity}, against {@code objective}'s latency) is {@code invalid} with the reason, and keeps its
     * figures.
     */
    public static Result result(LoadSpec spec, LoadReport report, Map<String, Double> extra, RunReadings readings,
                                Optional<Slo> objective) {
        TrialOutcome outcome = outcome(spec, report, extra, readings, objective);
        Result r = ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1, List.of(outcome),
                List.of(), Runtime.getRuntime().availableProcessors());
        return readings.service() == null ? r : r.toBuilder().section(ServiceFigures.SECTION, readings.service()).build();
    }

    /**
     * One of several separate runs of the same load ({@link #pooled}): its report, what was read beside it, and what was
     * recorded inside the service over its span ({@code extra} metrics; {@code pinned} stacks, null when not recorded).
     */
    public record Run(LoadReport report, RunReadings readings, Map<String, Double> extra, List<PinnedStack> pinned,
                      Timeline timeline) {
        public Run {
            extra = extra == null ? Map.of() : Map.copyOf(extra);
            pinned = pinned == null ? null : List.copyOf(pinned);
        }

        public Run(LoadReport report, RunReadings readings) {
            this(report, readings, Map.of(), null, null);
        }
    }

    /**
     * Several separate runs of one load, each against a service started afresh (an assessment's turns), as one result:
     * each run a fork of one iteration, which carries its own latency at p50 and p99 ({@link LoadMetrics#RUN_LATENCY}) so
     * that two such results compare run by run. Each run is judged as {@link #result(LoadSpec, LoadReport, Map,
     * RunReadings, Optional)} judges one: failed when nothing succeeded, invalid when its generator could not be trusted;
     * the result takes the worst.
     */
    public static Result pooled(LoadSpec spec, List<Run> runs, Optional<Slo> objective) {
        List<TrialOutcome> outcomes = new ArrayList<>();
        for (Run run : runs) {
            LoadReport report = run.report();
            Map<String, Double> own = new LinkedHashMap<>();
            if (report.latency().getTotalCount() > 0) {
                own.put(LoadMetrics.RUN_LATENCY.named("p50"), report.latency().getValueAtPercentile(50) / 1e6);
                own.put(LoadMetrics.RUN_LATENCY.named("p99"), report.latency().getValueAtPercentile(99) / 1e6);
            }
            if (run.readings().service() != null) {
                own.putAll(run.readings().service().metrics());
            }
            own.putAll(run.extra());
            TrialOutcome outcome = outcome(spec, report, own, run.readings(), objective);
            outcomes.add((run.pinned() == null && run.timeline() == null) || outcome.iterations().isEmpty() ? outcome
                    : outcome.withGc(outcome.gcCollector(), outcome.iterations().stream().map(it -> {
                        IterationResult out = run.pinned() == null ? it : it.with(PinnedStacks.SECTION, run.pinned());
                        return run.timeline() == null ? out
                                : out.withSections(Sections.of(Timeline.SECTION, List.of(run.timeline())));
                    }).toList()));
        }
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), runs.size(), 0, 1, outcomes,
                List.of(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * One run as a trial's outcome: its iteration with {@code extra} figures and the generator's CPU, marked
     * {@link Untrusted} when its generator could not be trusted ({@link GeneratorValidity}: a rate above the ceiling in
     * {@code extra}, then lateness, then CPU). When nothing succeeded it is failed, by its errors, unless the rate was
     * above the ceiling: it is then invalid, the errors in its reason.
     */
    private static TrialOutcome outcome(LoadSpec spec, LoadReport report, Map<String, Double> extra, RunReadings readings,
                                        Optional<Slo> objective) {
        Optional<String> untrusted = spec.isOpen()
                ? GeneratorValidity.aboveCeiling(spec.rate(), extra.get(LoadMetrics.GENERATOR_CEILING_PER_S.name()))
                : Optional.empty();
        if (report.ok() == 0) {
            // A dead or wrong target reads as failed, by its errors, even beside a busy generator; only a rate the
            // generator could not reach at all makes such a run its generator's, and the errors still follow.
            if (untrusted.isEmpty()) {
                return noAnswer(report);
            }
            untrusted = untrusted.map(why -> why + "; " + noAnswerText(report));
        } else if (untrusted.isEmpty()) {
            untrusted = GeneratorValidity.judge(generatorLagP99Ms(report), objective, readings.generatorCpuPct(),
                    readings.generatorCores());
        }
        Map<String, Double> figures = new LinkedHashMap<>(extra);
        if (readings.generatorCpuPct() != null) {
            figures.put(LoadMetrics.GENERATOR_CPU_PCT.name(), readings.generatorCpuPct());
        }
        IterationResult iteration = iteration(report, figures);
        return TrialOutcome.ok(JvmInfo.current(), null, null, null,
                List.of(untrusted.map(why -> iteration.with(Untrusted.SECTION, why)).orElse(iteration)));
    }

    /** How late the generator wrote {@code report}'s measured requests, 99th percentile, ms; null when not measured. */
    public static Double generatorLagP99Ms(LoadReport report) {
        return report.generatorLag() == null || report.generatorLag().getTotalCount() == 0 ? null
                : report.generatorLag().getValueAtPercentile(99) / 1e6;
    }

    private static TrialOutcome noAnswer(LoadReport report) {
        return TrialOutcome.failed(noAnswerText(report), JvmInfo.current());
    }

    private static String noAnswerText(LoadReport report) {
        return "no request succeeded: " + report.sent() + " sent, errors: " + report.errorKinds();
    }

    /**
     * A run that broke off once started (its engine died, a remote engine went away): {@code failed} with
     * {@code reason}, no figures.
     */
    public static Result failed(LoadSpec spec, String reason) {
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1,
                List.of(TrialOutcome.failed(reason, JvmInfo.current())), List.of(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * One run's figures as its result would hold them (metric name → summary, latency from the report's histogram),
     * without making the result: what an objective judges a capacity search's step on.
     */
    public static Map<String, Object> figures(LoadReport report) {
        return ResultAssembler.metrics(List.of(iteration(report, Map.of())));
    }

    /** One run as the one iteration of its result, with {@code extra} figures beside its own. */
    private static IterationResult iteration(LoadReport report, Map<String, Double> extra) {
        Map<String, Double> figures = metrics(report);
        figures.putAll(extra);
        return IterationResult.of(figures, HistogramCodec.encode(report.latency()));
    }

    /** A load report's figures as an iteration's metrics: {@code wall_ms} (the measured span), then {@link LoadReport#metrics}. */
    public static Map<String, Double> metrics(LoadReport report) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(Metric.WALL_MS.name(), report.measuredNanos() / 1e6);
        metrics.putAll(report.metrics());
        return metrics;
    }
}
