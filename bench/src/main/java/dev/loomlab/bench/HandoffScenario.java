package dev.loomlab.bench;

import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.ScenarioRun;

import java.util.List;
import java.util.Map;

/**
 * {@code handoff}: {@link HandoffBenchmark}, pairs of threads ping-ponging through a SynchronousQueue or
 * park/unpark. {@code handoff_us}, JMH's score, is the time per hand-off (half a round trip) a pair sees
 * while all pairs run; {@code switch_cost_us} = {@code handoff_us} / pairs is the wall time per hand-off
 * of the whole machine (1 / hand-off rate), what article 003 reports as mean switch latency by thread count.
 */
final class HandoffScenario extends JmhScenario {
    private static final String HW = "4 cores, 8 GB Linux; a C program forcing OS threads to switch";
    private static final List<String> MECHANISMS = List.of("park", "queue");

    @Override
    public String name() {
        return "handoff";
    }

    @Override
    public String summary() {
        return "JMH: K pairs of threads ping-pong via SynchronousQueue or park/unpark (µs per hand-off)";
    }

    @Override
    public String seed() {
        return A003 + " (4.2 thread switch latency vs thread count)";
    }

    @Override
    List<ParamSpec> ownParams() {
        return List.of(
                new ParamSpec("pairs", ParamType.COUNT, "10", 1, 100_000, "pairs of threads ping-ponging at once"),
                ParamSpec.choice("mechanism", "park", MECHANISMS,
                        "park = LockSupport.park/unpark, queue = SynchronousQueue put/take"));
    }

    /** A plain run sweeps the article's thread counts and both mechanisms. */
    @Override
    public Map<String, String> defaultSweep() {
        return Map.of("pairs", "10,100,1000", "mechanism", "park,queue");
    }

    @Override
    String benchmark() {
        return HandoffBenchmark.class.getName() + ".handOff";
    }

    @Override
    String metric() {
        return "handoff_us";
    }

    @Override
    String unit() {
        return "us/op";
    }

    @Override
    Map<String, String> jmhParams(ParamValues params) {
        return Map.of("pairs", String.valueOf(params.intCount("pairs")), "mechanism", params.choice("mechanism"));
    }

    @Override
    long platformThreads(ParamValues params) {
        return 2L * params.intCount("pairs");
    }

    /** {@code switch_cost_us}: the wall time per hand-off of all pairs together; {@code handoffs_per_s}: its rate. */
    @Override
    Map<String, Double> derived(double scoreUs, ParamValues params) {
        int pairs = params.intCount("pairs");
        Map<String, Double> m = new java.util.LinkedHashMap<>();
        m.put("switch_cost_us", scoreUs / pairs);
        m.put("handoffs_per_s", pairs * 1e6 / scoreUs);
        return m;
    }

    @Override
    public List<Published> published() {
        String note = "mean switch latency of that many OS threads (the article counts threads; loomlab runs that many pairs)";
        String platform = ThreadKind.PLATFORM.modelName();
        return List.of(
                new Published(A003, HW, platform, Map.of("pairs", "10"), "switch_cost_us", 2.1, note),
                new Published(A003, HW, platform, Map.of("pairs", "100"), "switch_cost_us", 8.7, note),
                new Published(A003, HW, platform, Map.of("pairs", "1000"), "switch_cost_us", 23.5, note));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), defaultModels(),
                Map.of("pairs", "10", "mechanism", "park", "iteration-time", "200ms")).rounds(1, 3));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), defaultModels(),
                Map.of("pairs", "10,100,1000", "mechanism", "park,queue", "iteration-time", "2s")).rounds(5, 5));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(), defaultModels(),
                Map.of("pairs", "1,10,100,1000,5000", "mechanism", "park,queue", "iteration-time", "2s")).rounds(5, 5));
    }
}
