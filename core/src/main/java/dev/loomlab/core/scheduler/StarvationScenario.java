package dev.loomlab.core.scheduler;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.stats.Metric;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Scenario {@code starvation} ({@link StarvationWorkload}): how late latency-sensitive threads wake while CPU-bound
 * threads of the same kind compute, with and without {@code Thread.yield()}, on platform threads and on virtual threads
 * at several parallelisms. It makes article 000's advice — split CPU work, yield — a number.
 */
public final class StarvationScenario {
    private StarvationScenario() {
    }

    public static Scenario scenario() {
        List<dev.loomlab.core.stats.MetricKey> metrics = new ArrayList<>(StarvationMetrics.ALL);
        metrics.addAll(Metric.SCHEDULER);
        return Scenario.of(ScenarioDescription.named("starvation")
                        .summary("latency-sensitive threads sleeping 1 ms beside CPU-bound hogs that do or do not yield: how late"
                                + " they wake, what yielding costs the hogs")
                        .reproduces("000", "advice: split CPU work, Thread.yield()")
                        .params(ParamSpec.count("hogs", "2", 1, "CPU-bound threads, each computing hog-work without blocking"),
                                ParamSpec.duration("hog-work", "100ms", "the computation each hog does (its time alone on a core)"),
                                ParamSpec.count("yield-every", "0", 0, "units of 0.1 ms of a hog's work between its"
                                        + " Thread.yield() calls; 0: never"),
                                ParamSpec.count("sleepers", "4", 1, "latency-sensitive threads, each sleeping tick in a loop"),
                                ParamSpec.duration("tick", "1ms", "each sleeper's sleep"))
                        .models("platform", "virtual:parallelism=1", "virtual", "virtual:parallelism=4")
                        .sweep("yield-every", "0,10")
                        .withoutProbes()
                        .metrics(metrics)
                        .score(StarvationMetrics.LATENESS_P99)
                        .build(),
                p -> new StarvationWorkload(p.intCount("hogs"), p.durationNanos("hog-work"),
                        p.count("yield-every"), p.intCount("sleepers"), Duration.ofNanos(p.durationNanos("tick"))));
    }
}
