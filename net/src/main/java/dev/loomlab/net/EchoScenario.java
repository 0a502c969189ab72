package dev.loomlab.net;

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

/** {@code echo}: article 004's echo server holding many client connections at once, and the carriers it needed. */
public final class EchoScenario implements Scenario {
    @Override
    public String name() {
        return "echo";
    }

    @Override
    public String summary() {
        return "an echo server holding many connections at once (a thread per connection, or an event loop)";
    }

    @Override
    public String seed() {
        return "004_1a8054f6c48c5769.txt (echo server)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.taskCount("connections", "100000", "client connections held at once"),
                ParamSpec.duration("timeout", "60s", "longest wait for one read, and for all clients to connect"));
    }

    @Override
    public List<String> defaultModels() {
        return List.of("virtual", "thread-per-task", "nio");
    }

    @Override
    public Workload workload(ParamValues p) {
        return new EchoWorkload(p.intCount("connections"), Duration.ofNanos(p.durationNanos("timeout")));
    }

    /** Nothing bounds the time from below but the machine's connect rate: no bound. */
    @Override
    public double boundMs(ParamValues p, Model model, BoundContext context) {
        return Double.NaN;
    }

    /** The article published a carrier count (19 for 100,000 connections on 14C/20T), not a time. */
    @Override
    public List<Published> published() {
        return List.of();
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(ScenarioRun.of(name(), defaultModels(), Map.of("connections", "2000")));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(ScenarioRun.of(name(), List.of("virtual", "nio"), Map.of("connections", "100000")).rounds(1, 3));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of("virtual", "nio"), Map.of("connections", "1000,10000,100000")),
                ScenarioRun.of(name(), List.of("thread-per-task"), Map.of("connections", "1000,10000,50000")));
    }
}
