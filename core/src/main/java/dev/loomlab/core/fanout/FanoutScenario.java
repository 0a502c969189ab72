package dev.loomlab.core.fanout;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.workload.Workload;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** {@code fanout}: article 001's UserProfileBuilder — one call, then three in parallel — for many profiles at once. */
public final class FanoutScenario implements Scenario {
    private static final String A001 = "001_15727fde0cd225f6.txt";
    private static final String A001_HW = "MacBook Air M1, Java 21";

    @Override
    public String name() {
        return "fanout";
    }

    @Override
    public String summary() {
        return "build user profiles: fetch the user, then orders, preferences and notifications in parallel";
    }

    @Override
    public String seed() {
        return A001 + " (UserProfileBuilder)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.taskCount("profiles", "1000", "profiles built at once per iteration"),
                ParamSpec.duration("latency", "500ms", "how long each of the four simulated calls takes"),
                ParamSpec.decimal("failure-rate", "0", 0, 1, "fraction of calls that throw (their profiles count as failed)"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("coroutines", "virtual", "virtual-direct", "structured", "reactor", "coroutines-virtual",
                "coroutines-io", "completable:200");
    }

    /**
     * Up to 4,000,000 virtual threads alive at 1,000,000 profiles need more than the default quarter of
     * RAM as heap (measured: up to 5 GB peak heap); three quarters leaves the rest for thread stacks
     * outside the heap and the OS.
     */
    @Override
    public List<String> trialJvmArgs() {
        return List.of("-XX:MaxRAMPercentage=75");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new FanoutWorkload(p.intCount("profiles"), Duration.ofNanos(p.durationNanos("latency")), p.decimal("failure-rate"));
    }

    /**
     * Two calls one after another (the critical path), and for a model running at most N calls at once,
     * all 4 × profiles calls in waves of N.
     */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        double latency = p.durationMillis("latency");
        int limit = model.concurrency().orElse(Integer.MAX_VALUE);
        double waves = Math.ceil(4.0 * p.intCount("profiles") / limit) * latency;
        return Math.max(2 * latency, waves);
    }

    @Override
    public List<Published> published() {
        String note = "VT executor builder, one run; threads all/non-daemon 15/1 at 1,000";
        String structured = "StructuredTaskScope (JDK 21 ShutdownOnFailure), one run";
        String kotlin = "coroutineScope { async … await } with delay, Kotlin 2.0, one run";
        return List.of(
                new Published(A001, A001_HW, "coroutines", Map.of("profiles", "1000", "latency", "500ms"), 1062,
                        kotlin + "; threads all/non-daemon 16/1"),
                new Published(A001, A001_HW, "coroutines", Map.of("profiles", "10000", "latency", "500ms"), 1124, kotlin),
                new Published(A001, A001_HW, "coroutines", Map.of("profiles", "100000", "latency", "500ms"), 1359, kotlin),
                new Published(A001, A001_HW, "coroutines", Map.of("profiles", "1000000", "latency", "500ms"), 6652, kotlin),
                new Published(A001, A001_HW, "structured", Map.of("profiles", "1000", "latency", "500ms"), 1045, structured),
                new Published(A001, A001_HW, "structured", Map.of("profiles", "10000", "latency", "500ms"), 1109, structured),
                new Published(A001, A001_HW, "structured", Map.of("profiles", "100000", "latency", "500ms"), 1369, structured),
                new Published(A001, A001_HW, "structured", Map.of("profiles", "1000000", "latency", "500ms"), 15110, structured),
                new Published(A001, A001_HW, "virtual", Map.of("profiles", "1000", "latency", "500ms"), 1046, note),
                new Published(A001, A001_HW, "virtual", Map.of("profiles", "10000", "latency", "500ms"), 1115, "one run"),
                new Published(A001, A001_HW, "virtual", Map.of("profiles", "100000", "latency", "500ms"), 1351, "one run"),
                new Published(A001, A001_HW, "virtual", Map.of("profiles", "1000000", "latency", "500ms"), 8501, "one run"));
    }

    @Override
    public List<ScenarioRun> quick() {
        // platform:N's fan-out (and its starvation) is in the full suite: its thousand platform threads
        // would cost the quick suite more than every other fan-out model together.
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("profiles", "500", "latency", "20ms")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        // The article ran each size once, in that order; 1M rounds take about a minute each here.
        return List.of(ScenarioRun.of(name(), List.of("coroutines", "virtual", "structured"),
                Map.of("profiles", "1000,10000,100000,1000000", "latency", "500ms")).rounds(1, 1));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of("coroutines", "virtual", "virtual-direct", "structured", "reactor",
                                "coroutines-virtual"),
                        Map.of("profiles", "1000,10000,100000,1000000", "latency", "500ms")),
                ScenarioRun.of(name(), List.of("completable:200", "completable:1000", "coroutines-io", "platform:200",
                                "platform:2000"),
                        Map.of("profiles", "1000", "latency", "500ms")));
    }
}
