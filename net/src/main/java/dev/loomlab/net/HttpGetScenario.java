package dev.loomlab.net;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Bounds;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.workload.Workload;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** {@code http-get}: article 000 §1 — many GETs through one HttpClient against a local server that answers after a delay. */
public final class HttpGetScenario implements Scenario {
    private static final String A000 = "000_72d18eaa75af810e.txt";
    private static final String A000_HW = "4 cores / 8 threads, 16 GB; target: a public web site";

    @Override
    public String name() {
        return "http-get";
    }

    @Override
    public String summary() {
        return "GET requests through one shared HttpClient to a local server answering after a delay";
    }

    @Override
    public String seed() {
        return A000 + " (§1 HTTP GET fan-in)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.tasks("10000"),
                ParamSpec.duration("delay", "100ms", "how long the server waits before answering"),
                ParamSpec.count("size", "1024", 0, "response body, bytes"),
                ParamSpec.duration("timeout", "30s", "a request not answered within this counts as an error"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("platform:100", "virtual", "async");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new HttpGetWorkload(p.intCount("tasks"), (long) p.durationMillis("delay"), p.intCount("size"),
                Duration.ofNanos(p.durationNanos("timeout")));
    }

    /**
     * Five: the shared client needs them to reach a steady state (JIT-compiled exchange paths, a
     * filled connection pool). Measured at 10,000 × 100 ms on virtual threads: after one warm-up the
     * iterations took 2.9, 2.2, 2.2 s; after six 2.0, 1.5, 1.5, 1.7, 1.5 s.
     */
    @Override
    public java.util.OptionalInt defaultWarmup() {
        return java.util.OptionalInt.of(5);
    }

    /** ceil(tasks / N) × delay for a model running at most N requests at once; one delay otherwise. */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        return Bounds.waiting(p.intCount("tasks"), p.durationMillis("delay"), model);
    }

    /** The article's target was a public web site (its delay unknown), so only the task count is matched. */
    @Override
    public List<Published> published() {
        Map<String, String> p = Map.of("tasks", "10000");
        return List.of(
                new Published(A000, A000_HW, "platform:100", p, 28500, "one run; 2.85 ms/task, 1.8 GB peak, 32% CPU"),
                new Published(A000, A000_HW, "virtual", p, 2900, "one run; 0.29 ms/task, 450 MB peak, 85% CPU"));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("platform:100", "virtual", "async"),
                Map.of("tasks", "1000", "delay", "20ms")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), List.of("platform:100", "virtual"), Map.of("tasks", "10000", "delay", "100ms")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(ScenarioRun.of(name(), List.of("platform:100", "platform:500", "platform:1000", "virtual",
                "virtual-bounded:1000", "async"), Map.of("tasks", "10000", "delay", "100ms")));
    }
}
