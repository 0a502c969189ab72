package dev.loomlab.load;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.trial.IterationResult;
import dev.loomlab.core.trial.JvmInfo;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.trial.TrialOutcome;
import dev.loomlab.core.workload.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code load}: the description of a {@code loomlab load <url>} run in the result contract — its
 * parameters and how its {@link LoadReport} becomes a {@link Result}. It runs only through
 * {@code loomlab load} (the target is a URL, not a parameter), so no suite lists it and it is not
 * offered to {@code loomlab run}.
 */
public final class LoadScenario implements Scenario {
    public static final String NAME = "load";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "HTTP load against any local URL (loomlab load)";
    }

    @Override
    public String seed() {
        return "003_9d87b967f81160c1.txt (constant and step load, latency percentiles, errors)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.count("users", "0", 0, "closed model: users (0 with a rate)"),
                ParamSpec.decimal("rate", "0", 0, 10_000_000, "open model: requests per second (0 with users)"),
                ParamSpec.duration("warmup", "0s", "load before measuring"),
                ParamSpec.duration("duration", "30s", "measured load"),
                ParamSpec.duration("ramp", "0s", "step load: +20% every interval; 0s = constant"),
                ParamSpec.duration("timeout", "30s", "a request not answered within this is a timeout error"),
                ParamSpec.count("connections", Integer.toString(LoadSpec.DEFAULT_CONNECTIONS), 1, "open model: most connections"));
    }

    /** The parameters of {@code spec}, as this scenario's canonical values. */
    public ParamValues params(LoadSpec spec) {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("users", Integer.toString(spec.users()));
        given.put("rate", Double.toString(spec.rate()));
        given.put("warmup", spec.warmup().toNanos() + "ns");
        given.put("duration", spec.duration().toNanos() + "ns");
        given.put("ramp", spec.ramp().intervalNanos() + "ns");
        given.put("timeout", spec.timeout().toNanos() + "ns");
        given.put("connections", Integer.toString(spec.connections()));
        return ParamValues.parse(NAME, params(), given);
    }

    /** One run's report as a result: one in-process iteration, model {@code closed:N} or {@code open:R/s}. */
    public Result result(LoadSpec spec, LoadReport report) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", report.measuredNanos() / 1e6);
        metrics.putAll(report.metrics());
        IterationResult iteration = new IterationResult(metrics, TrialExecutor.encode(report.latency()));
        TrialOutcome outcome = new TrialOutcome(TrialOutcome.OK, null, JvmInfo.current(), null, null, List.of(iteration));
        return ResultAssembler.assemble(this, spec.modelName(), params(spec), 0, 0, 1, List.of(outcome), List.of(),
                Runtime.getRuntime().availableProcessors());
    }

    @Override
    public List<String> defaultModels() {
        return List.of();
    }

    /** Never called: a load run has a URL, given only to {@code loomlab load}. */
    @Override
    public Workload workload(ParamValues params) {
        throw new UnsupportedOperationException("the load scenario runs through 'loomlab load <url>'");
    }

    @Override
    public double boundMs(ParamValues params, Model model, BoundContext context) {
        return Double.NaN;
    }

    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of();
    }
}
