package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.MixedWorkload;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/**
 * {@code mixed}: each task sleeps, then computes, yielding every {@code yield-every} iterations —
 * article 000's advice for mixed I/O + CPU work, measured rather than asserted.
 */
public final class MixedScenario implements Scenario {

    @Override
    public String name() {
        return "mixed";
    }

    @Override
    public String summary() {
        return "tasks that sleep then compute; yield-every measures what Thread.yield() buys or costs";
    }

    @Override
    public String seed() {
        return "000_72d18eaa75af810e.txt §4 (mixed IO + CPU: advice, no figures)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("1000"),
                ParamSpec.duration("sleep", "20ms", "each task's blocking wait, before it computes"),
                ParamSpec.count("n", "1000000", 0, "each task then sums the square roots of 1..n"),
                ParamSpec.count("yield-every", "0", 0, "call Thread.yield() every K iterations of the sum (0 = never)"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("virtual", "platform:cores", "platform:100");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new MixedWorkload(p.intCount("tasks"), p.durationNanos("sleep"), p.count("n"), p.count("yield-every"));
    }

    /**
     * The larger of: the waiting bound over sleep + compute, and one sleep followed by the CPU bound
     * (every task sleeps first, so no computation can start before one sleep has passed).
     */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        if (Double.isNaN(context.serialTaskMs())) {
            return Double.NaN;
        }
        int tasks = p.intCount("tasks");
        double cpu = context.serialTaskMs();
        double sleep = p.durationMillis("sleep");
        return Math.max(Bounds.waiting(tasks, sleep + cpu, model),
                sleep + Bounds.computing(tasks, cpu, model, context.cores()));
    }

    @Override
    public boolean needsSerialTiming() {
        return true;
    }

    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "platform:100"),
                Map.of("tasks", "300", "sleep", "20ms", "n", "500000", "yield-every", "0,10000")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(),
                Map.of("tasks", "1000", "sleep", "20ms", "n", "1000000", "yield-every", "0,1000,100000")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "platform:cores", "platform:100"),
                Map.of("tasks", "1000", "sleep", "20ms", "n", "1000000", "yield-every", "0,100,1000,10000,100000")));
    }
}
