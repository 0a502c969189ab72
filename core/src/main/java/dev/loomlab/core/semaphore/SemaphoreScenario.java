package dev.loomlab.core.semaphore;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Bounds;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.workload.Workload;

import java.util.List;
import java.util.Map;

/**
 * {@code semaphore}: every task calls a downstream that serves at most {@code limit} calls at once —
 * article 004's advice to limit concurrency with a {@code Semaphore} (its example: 10 permits) rather
 * than a pool, measured: unbounded virtual threads against a downstream that queues or rejects, the
 * same behind a Semaphore ({@code virtual-bounded:N}), and a platform pool of N.
 */
public final class SemaphoreScenario implements Scenario {

    @Override
    public String name() {
        return "semaphore";
    }

    @Override
    public String summary() {
        return "calls to a downstream that serves at most limit at once, queueing or rejecting the rest: completed, rejected, latency";
    }

    @Override
    public String seed() {
        return "004_1a8054f6c48c5769.txt (cautions: limit concurrency with a Semaphore, e.g. 10 permits)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("1000"),
                ParamSpec.count("limit", "10", 1, "calls the downstream serves at once"),
                ParamSpec.duration("latency", "20ms", "how long the downstream takes to serve one call"),
                ParamSpec.choice("overflow", "queue", Overflow.words(),
                        "a call beyond the limit waits for a slot (queue) or is refused at once (reject)"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("virtual", "virtual-bounded:10", "platform:10", "platform:100");
    }

    @Override
    public Map<String, String> defaultSweep() {
        return Map.of("overflow", String.join(",", Overflow.words()));
    }

    @Override
    public Workload workload(ParamValues p) {
        return new SemaphoreWorkload(p.intCount("tasks"), (int) Math.min(Integer.MAX_VALUE, p.count("limit")),
                p.durationNanos("latency"), Overflow.of(p.choice("overflow")));
    }

    /**
     * At most min(limit, N) calls are served at once, so every call being served takes
     * ceil(tasks / min(limit, N)) × latency. With rejection and a model that exceeds the limit, calls
     * beyond it end at once and how many is not known beforehand: the bound is then one latency (the
     * first calls always find a slot).
     */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        int tasks = p.intCount("tasks");
        long limit = p.count("limit");
        double latency = p.durationMillis("latency");
        int concurrency = model.concurrency().orElse(Integer.MAX_VALUE);
        boolean rejects = Overflow.of(p.choice("overflow")) == Overflow.REJECT;
        if (rejects && concurrency > limit && tasks > limit) {
            return latency;
        }
        return Bounds.waiting(tasks, latency, (int) Math.min(limit, concurrency));
    }

    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "virtual-bounded:10"),
                Map.of("tasks", "200", "limit", "10", "latency", "10ms", "overflow", "reject")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(),
                Map.of("tasks", "1000", "limit", "10", "latency", "20ms", "overflow", "queue,reject")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "virtual-bounded:10", "virtual-bounded:100",
                        "platform:10", "platform:100", "platform:1000"),
                Map.of("tasks", "2000", "limit", "10,100", "latency", "20ms", "overflow", "queue,reject")));
    }
}
