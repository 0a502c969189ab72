package dev.loomlab.net;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.MachineNeeds.Need;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.core.server.ServerMetrics;

import java.time.Duration;
import java.util.List;

import static dev.loomlab.core.scenario.MachineNeeds.count;

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
                        .needs(NetScenarios::httpGetNeeds)
                        .metrics(NetMetrics.CLIENT).metrics(ServerMetrics.CONNECTIONS_OPENED)
                        .metrics(NetMetrics.HTTP_GET_SERVER).metrics(ServerMetrics.SERVER_CPU_PCT)
                        .build(),
                p -> new HttpGetWorkload(p.intCount("tasks"), (long) p.durationMillis("delay"), p.intCount("size"),
                        Duration.ofNanos(p.durationNanos("timeout"))));
    }

    /** A connection per request in flight, at most one per task, from 127.0.0.1 to the server in its own JVM. */
    private static MachineNeeds httpGetNeeds(ParamValues p, Model model) {
        long c = Math.min(p.intCount("tasks"), model.limit());
        return MachineNeeds.NONE
                .withSockets(Need.of(c, "sends up to " + count(c) + " requests at once through one HttpClient"
                        + " (a connection each) to a server in its own JVM"))
                .withPortsPerSource(Need.of(c, "opens up to " + count(c) + " connections from 127.0.0.1 to one server port"))
                .withConnectsAtOnce(Need.of(c, "connects up to " + count(c) + " clients at once (a connection per request in flight)"));
    }

    /**
     * Clients in the trial JVM, the server in its own: {@value EchoWorkload#PER_SOURCE} clients a loopback source,
     * {@value EchoWorkload#CONNECTS_IN_FLIGHT} connects in flight, and a platform thread per connection in a
     * thread-per-task server. Under an open-file limit it holds its connections in waves
     * ({@link EchoWorkload#heldAtOnce}); where the machine refuses a thread its server stops and says how many it reached.
     */
    private static MachineNeeds echoNeeds(int c, Model model) {
        MachineNeeds needs = MachineNeeds.NONE
                .withSockets(Need.of(c, "holds " + count(c) + " connections at once, a socket each in its trial JVM"
                        + " and in the echo server's own JVM").whenShort(limit -> inWaves(c, limit)))
                .withPortsPerSource(Need.of(Math.min(c, EchoWorkload.PER_SOURCE), "connects " + count(c) + " clients to one"
                        + " server port, at most " + count(EchoWorkload.PER_SOURCE) + " from each loopback source address"))
                .withLoopbackSources(Need.of(EchoWorkload.sources(c), "spreads " + count(c) + " clients over 127.0.0.1 …"
                        + " 127.0.0." + EchoWorkload.sources(c) + ", " + count(EchoWorkload.PER_SOURCE) + " each"))
                .withConnectsAtOnce(Need.of(Math.min(c, EchoWorkload.CONNECTS_IN_FLIGHT),
                        "keeps up to " + EchoWorkload.CONNECTS_IN_FLIGHT + " connects in flight"));
        return model.threads() != ServingThread.PLATFORM ? needs
                : needs.withPlatformThreads(Need.of(c, "its server starts a platform thread per connection, " + count(c))
                        .whenShort("the server stops where the machine refuses a thread and reports how many it reached"
                                + " (server_thread_limit): the result measures that limit"));
    }

    /** What echo measures under an open-file limit of {@code limit}: its connections in waves, not all at once. */
    private static String inWaves(int connections, long limit) {
        int wave = EchoWorkload.heldAtOnce(connections, limit);
        long waves = ((long) connections + wave - 1) / wave;
        return "echo holds at most " + count(wave) + " at once (in " + count(waves) + " waves), not " + count(connections)
                + ", and its figures are not those of " + count(connections) + " connections held at once";
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
                        .needs((p, model) -> echoNeeds(p.intCount("connections"), model))
                        .metrics(NetMetrics.ALL).metrics(NetMetrics.CLIENT)
                        .metrics(NetMetrics.ECHO_SERVER).metrics(ServerMetrics.SERVER_CPU_PCT)
                        .traits(Trait.SERVES_ELSEWHERE)
                        .build(),
                p -> new EchoWorkload(p.intCount("connections"), Duration.ofNanos(p.durationNanos("timeout"))));
    }
}
