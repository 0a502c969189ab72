package dev.loomlab.load.web;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.workload.Workload;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * {@code web}: article 004's web experiment — each server model in its own JVM, loaded over HTTP by
 * loomlab's generator (closed model with {@code users}, or open with {@code rate}), each server
 * sampled every second. The bound is a rate (Little's law: users / delay, or the pool's threads /
 * delay), reported as {@code bound_throughput_per_s} with {@code efficiency_pct}, not as a time.
 */
public final class WebScenario implements Scenario {
    static final String A004 = "004_1a8054f6c48c5769.txt";
    private static final List<String> ALL = ServerModels.ALL.stream().map(ServerModel::name).toList();

    @Override
    public String name() {
        return "web";
    }

    @Override
    public String summary() {
        return "HTTP servers (MVC on 200 threads or virtual threads, WebFlux, Helidon, JDK) under a load generator";
    }

    @Override
    public String seed() {
        return A004 + " (web service: MVC on Tomcat, virtual threads, WebFlux under 3,000 users)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.taskCount("users", "3000", "closed model: users, each sending again once answered"),
                ParamSpec.decimal("rate", "0", 0, 10_000_000, "open model: requests per second on a schedule (0: closed model)"),
                ParamSpec.duration("delay", "300ms", "how long the endpoint waits before answering"),
                ParamSpec.duration("warmup", "20s", "load before measuring, once per server"),
                ParamSpec.duration("duration", "20s", "measured load per iteration"),
                ParamSpec.duration("ramp", "0s", "step load: +20% users (or rate) every interval; 0s = constant"),
                ParamSpec.duration("timeout", "30s", "a request not answered within this is a timeout error"),
                ParamSpec.taskCount("connections", Integer.toString(LoadSpec.DEFAULT_CONNECTIONS),
                        "open model: most connections opened"));
    }

    @Override
    public List<String> defaultModels() {
        return ALL;
    }

    @Override
    public Workload workload(ParamValues p) {
        return new WebWorkload(p.intCount("users"), p.decimal("rate"), (long) p.durationMillis("delay"),
                Duration.ofNanos(p.durationNanos("warmup")), Duration.ofNanos(Math.max(1, p.durationNanos("duration"))),
                new Ramp(p.durationNanos("ramp")), Duration.ofNanos(Math.max(1, p.durationNanos("timeout"))),
                p.intCount("connections"));
    }

    /** Warm-up is the {@code warmup} load inside the trial, once per server: no warm-up iterations. */
    @Override
    public OptionalInt defaultWarmup() {
        return OptionalInt.of(0);
    }

    /** The bound is a throughput, not a time: see {@code bound_throughput_per_s}. */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        return Double.NaN;
    }

    /** The article published a chart only (virtual threads and WebFlux far above the 200-thread pool). */
    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), List.of("jdk", "mvc-virtual"),
                Map.of("users", "200", "delay", "100ms", "warmup", "1s", "duration", "2s")).rounds(0, 1));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), ALL, Map.of("users", "3000", "delay", "300ms", "duration", "20s")).rounds(0, 3));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), ALL, Map.of("users", "1000,3000,10000", "delay", "300ms")),
                ScenarioRun.of(name(), ALL, Map.of("rate", "2000,5000,10000", "delay", "300ms")));
    }
}
