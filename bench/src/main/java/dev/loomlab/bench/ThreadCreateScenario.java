package dev.loomlab.bench;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.List;
import java.util.Map;

/** {@code thread-create}: one thread created, started and joined, {@link ThreadCreateBenchmark}; {@code thread_us}. */
final class ThreadCreateScenario extends JmhScenario {

    @Override
    public String name() {
        return "thread-create";
    }

    @Override
    public String summary() {
        return "JMH: create, start and join one thread doing trivial work (µs per thread)";
    }

    @Override
    public String seed() {
        return A003 + " (platform vs virtual facts: creation cost)";
    }

    @Override
    List<ParamSpec> ownParams() {
        return List.of();
    }

    @Override
    String benchmark() {
        return ThreadCreateBenchmark.class.getName() + ".createStartJoin";
    }

    @Override
    String metric() {
        return "thread_us";
    }

    @Override
    String unit() {
        return "us/op";
    }

    @Override
    Map<String, String> jmhParams(ParamValues params) {
        return Map.of();
    }

    @Override
    long platformThreads(ParamValues params) {
        return 1;
    }

    /** Threads created per second, one after another. */
    @Override
    Map<String, Double> derived(double scoreUs, ParamValues params) {
        return Map.of("threads_per_s", 1e6 / scoreUs);
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
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("iteration-time", "2s")).rounds(5, 5));
    }

    @Override
    public List<ScenarioRun> full() {
        return seeds();
    }
}
