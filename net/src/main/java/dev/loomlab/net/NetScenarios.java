package dev.loomlab.net;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioProvider;

import java.time.Duration;
import java.util.List;

/** The net module's scenarios over real sockets: http-get and echo. */
public final class NetScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(httpGet(), echo());
    }

    /** Article 000 §1: GET requests fanned in through one shared HttpClient. */
    private static Scenario httpGet() {
        return Scenario.of(ScenarioDescription.named("http-get")
                        .summary("GET requests through one shared HttpClient to a local server answering after a delay")
                        .reproduces("000", "§1, HTTP GET fan-in; the article's target was a public web site, so only the task count is matched")
                        .params(ParamSpec.tasks("10000"),
                                ParamSpec.duration("delay", "100ms", "how long the server waits before answering"),
                                // One byte array holds the body, so it is refused before any JVM starts beyond that.
                                new ParamSpec("size", ParamType.COUNT, "1024", 0, Integer.MAX_VALUE - 8, "response body, bytes"),
                                ParamSpec.duration("timeout", "30s", "a request not answered within this counts as an error"))
                        .models("platform:100", "virtual", "async")
                        // Five warm-ups: the shared client needs them to reach a steady state (measured at
                        // 10,000 × 100 ms on virtual threads: after one, 2.9, 2.2, 2.2 s; after six, 1.5-2.0 s).
                        .rounds(new Rounds(null, 5, null))
                        .bound(Bound.waiting("tasks", "delay"))
                        .build(),
                p -> new HttpGetWorkload(p.intCount("tasks"), (long) p.durationMillis("delay"), p.intCount("size"),
                        Duration.ofNanos(p.durationNanos("timeout"))));
    }

    /**
     * Article 004's echo server holding many connections at once, and the carriers it needed. Nothing
     * bounds the time from below but the machine's connect rate, and the article published a carrier
     * count (19 for 100,000 connections on 14C/20T), not a time.
     */
    private static Scenario echo() {
        return Scenario.of(ScenarioDescription.named("echo")
                        .summary("an echo server holding many connections at once (a thread per connection, or an event loop)")
                        .reproduces("004", "echo server")
                        .params(ParamSpec.taskCount("connections", "100000", "client connections held at once"),
                                ParamSpec.duration("timeout", "60s", "longest wait for one read, and for all clients to connect"))
                        .models("virtual", "thread-per-task", "nio")
                        .build(),
                p -> new EchoWorkload(p.intCount("connections"), Duration.ofNanos(p.durationNanos("timeout"))));
    }
}
