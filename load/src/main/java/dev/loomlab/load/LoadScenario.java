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

import java.math.BigDecimal;
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

    /** What {@code load} results are, in the words every scenario is described in; its score is the throughput. */
    public static final ScenarioDescription DESCRIPTION = ScenarioDescription.named(NAME)
            .summary("HTTP load against any local URL (loomlab load)")
            .reproduces("003", "constant and step load, latency percentiles, errors")
            .params(ParamSpec.count("users", "0", 0, "closed model: users (0 with a rate)"),
                    ParamSpec.decimal("rate", "0", 0, LoadSpec.MAX_RATE, "open model: requests per second (0 with users)"),
                    ParamSpec.duration("warmup", "0s", "load before measuring"),
                    ParamSpec.duration("duration", "30s", "measured load"),
                    ParamSpec.duration("ramp", "0s", "step load: +20% every interval; 0s = constant"),
                    ParamSpec.duration("timeout", "30s", "a request not answered within this is a timeout error"),
                    ParamSpec.count("connections", Integer.toString(LoadSpec.DEFAULT_CONNECTIONS), 1, "open model: most connections"))
            .score("throughput_per_s")
            .traits(Trait.GOLDEN_SIGNALS)
            .build();

    private LoadScenario() {
    }

    /** The parameters of {@code spec}, as this scenario's canonical values. */
    public static ParamValues params(LoadSpec spec) {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("users", Integer.toString(spec.users()));
        // Plain digits: Double.toString writes 1.0E7, which is no decimal a parameter takes.
        given.put("rate", BigDecimal.valueOf(spec.rate()).toPlainString());
        given.put("warmup", spec.warmup().toNanos() + "ns");
        given.put("duration", spec.duration().toNanos() + "ns");
        given.put("ramp", spec.ramp().intervalNanos() + "ns");
        given.put("timeout", spec.timeout().toNanos() + "ns");
        given.put("connections", Integer.toString(spec.connections()));
        return ParamValues.parse(NAME, DESCRIPTION.params(), given);
    }

    /**
     * One run's report as a result: one in-process iteration, model {@code closed:N} or {@code open:R/s}.
     * A run in which no request succeeded measured nothing but the target's absence: it is {@code failed},
     * its reason naming the requests sent and the errors by kind.
     */
    public static Result result(LoadSpec spec, LoadReport report) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", report.measuredNanos() / 1e6);
        metrics.putAll(report.metrics());
        IterationResult iteration = new IterationResult(metrics, HistogramCodec.encode(report.latency()));
        TrialOutcome outcome = report.ok() == 0
                ? TrialOutcome.failed("no request succeeded: " + report.sent() + " sent, errors: " + report.errorKinds(),
                        JvmInfo.current())
                : TrialOutcome.ok(JvmInfo.current(), null, null, null, List.of(iteration), null);
        return ResultAssembler.assemble(DESCRIPTION, spec.modelName(), null, params(spec), 0, 0, 1, List.of(outcome),
                List.of(), Runtime.getRuntime().availableProcessors());
    }
}
