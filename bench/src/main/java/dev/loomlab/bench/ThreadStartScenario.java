package dev.loomlab.bench;

import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.List;
import java.util.Map;

/** {@code thread-start}: article 003's JMH thread start test, {@link ThreadStartBenchmark}; {@code wall_ms} per batch. */
final class ThreadStartScenario extends JmhScenario {
    private static final String HW = "i7-13700K 16C/24T, 32 GB, OpenJDK 21.0.2, JMH 1.36";

    @Override
    public String name() {
        return "thread-start";
    }

    @Override
    public String summary() {
        return "JMH: start N threads doing trivial work and await them with a CountDownLatch (ms per batch)";
    }

    @Override
    public String seed() {
        return A003 + " (thread start cost, JMH)";
    }

    @Override
    List<ParamSpec> ownParams() {
        return List.of(ParamSpec.taskCount("threads", "10000", "threads started per batch, one JMH operation"));
    }

    @Override
    String benchmark() {
        return ThreadStartBenchmark.class.getName() + ".startAndAwait";
    }

    @Override
    String metric() {
        return "wall_ms";
    }

    @Override
    String unit() {
        return "ms/op";
    }

    @Override
    Map<String, String> jmhParams(ParamValues params) {
        return Map.of("threads", String.valueOf(params.intCount("threads")));
    }

    @Override
    long platformThreads(ParamValues params) {
        return params.intCount("threads");
    }

    /** Threads started per second. */
    @Override
    Map<String, Double> derived(double scoreMs, ParamValues params) {
        return Map.of("throughput_per_s", params.intCount("threads") / (scoreMs / 1000));
    }

    @Override
    public List<Published> published() {
        Map<String, String> tenK = Map.of("threads", "10000");
        return List.of(
                new Published(A003, HW, ThreadKind.PLATFORM.modelName(), tenK, 1842, "JMH score; 890 MB"),
                new Published(A003, HW, ThreadKind.VIRTUAL.modelName(), tenK, 317, "JMH score; 112 MB"));
    }

    @Override
    public List<ScenarioRun> quick() {
        // 2,000 threads: a platform batch at 10,000 takes about a second on a busy machine, which JMH
        // cannot cut short; the article's count is in seeds.
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("threads", "2000", "iteration-time", "200ms"))
                .rounds(1, 3));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("threads", "10000", "iteration-time", "2s"))
                .rounds(5, 5));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), defaultModels(), Map.of("threads", "1000,10000", "iteration-time", "2s")).rounds(5, 5),
                ScenarioRun.of(name(), List.of(ThreadKind.VIRTUAL.modelName()),
                        Map.of("threads", "100000,1000000", "iteration-time", "2s")).rounds(5, 5));
    }
}
