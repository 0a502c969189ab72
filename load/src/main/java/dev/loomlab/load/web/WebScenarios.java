package dev.loomlab.load.web;

import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.MachineNeeds.Need;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.engines.LoadEngines;
import dev.loomlab.core.workload.NotApplicableException;

import java.time.Duration;
import java.util.List;

import static dev.loomlab.core.scenario.MachineNeeds.count;

/**
 * {@code web}: article 004's web experiment — each server model in its own JVM, loaded over HTTP by
 * loomlab's generator (closed model with {@code users}, or open with {@code rate}), each server
 * sampled every second, on one of article 003's endpoint kinds ({@code endpoint=sleep}, the default, is
 * article 004's). Its score is the throughput; the bound is a rate (sleep, Little's law: users / delay, or
 * the pool's threads / delay; cpu: cores / work; db-sleep: db-connections / db-latency; memory and the other db
 * endpoints: none), reported as {@code bound_throughput_per_s}
 * with {@code efficiency_pct}. The db endpoints need the run's database: a run that plans one starts it
 * ({@link MachineNeeds#database}), a run of the other endpoints starts none.
 * The article published a chart only (virtual threads and WebFlux far above the 200-thread pool).
 * {@code engine=jmeter} drives each load with Apache JMeter instead of loomlab's generator (article 004's own tool);
 * {@code rate=max} with it is not applicable: the capacity search judges its steps on loomlab's open model, whose
 * latency is corrected for coordinated omission and whose connections are bounded, and JMeter's is neither.
 * {@code load-cpus} starts the trial JVM, where the generator runs, on those CPUs and {@code server-cpus} the server's JVM
 * ({@link dev.loomlab.core.cpu.Taskset}): each side sized to its own CPUs, and apart when the lists are.
 */
public final class WebScenarios implements ScenarioProvider {
    /** The load generator's CPUs: the trial JVM's, and a JMeter engine's it starts. */
    private static final ParamSpec LOAD_CPUS = LoadParams.loadCpusParam("CPUs of the load generator, e.g. 0 or 0-1,4: its"
            + " trial JVM is started on them (taskset); none: not pinned");
    private static final ParamSpec SERVER_CPUS = LoadParams.serverCpusParam("CPUs of the server's JVM, e.g. 1 or 2-3 (taskset);"
            + " none: the load generator's");

    /** The most warm-up added while the server's JIT compiles. */
    static final String SETTLE = "settle";
    /** Whether the server watches its threads that must not block. */
    static final String WATCH_BLOCKS = "watch-blocks";
    /** The server's largest heap. */
    static final String SERVER_HEAP = "server-heap";

    @Override
    public List<Scenario> scenarios() {
        return List.of(Scenario.of(ScenarioDescription.named("web")
                        .summary("HTTP servers (MVC on 200 threads or virtual threads, WebFlux, Helidon, JDK) under a load generator")
                        .reproduces("004", "web service: MVC on Tomcat, virtual threads, WebFlux under 3,000 users")
                        .params(LoadParams.usersAsTasksParam("3000", "closed model: users, each sending again once answered"),
                                LoadParams.rateParam("open model: requests per second on a schedule (0: closed model); max: each"
                                        + " iteration searches for the highest rate that meets --slo (default p99<500ms,errors<1%)"),
                                ParamSpec.duration("delay", "300ms", "endpoint=sleep: how long the endpoint waits before answering"),
                                EndpointSpec.ENDPOINT, EndpointSpec.WORK, EndpointSpec.RETAIN, EndpointSpec.CACHE,
                                EndpointSpec.DB_CONNECTIONS, EndpointSpec.BATCH, EndpointSpec.DB_LATENCY,
                                ParamSpec.choice(WATCH_BLOCKS, "no", List.of("no", "yes"), "yes: the server counts the times"
                                        + " an event loop blocked or a pinned virtual thread held a carrier (a JFR stream in"
                                        + " the server, half a second of its CPU at its start; server_blocked_events)"),
                                ParamSpec.count(SERVER_HEAP, "0", 0, "the server JVM's largest heap in bytes (-Xmx; 64M is 64"
                                        + " million); 0: the JVM's default. A server that runs out of it exits, and the"
                                        + " iterations left record the errors its users meet"),
                                LoadParams.warmupParam("20s", "load before measuring, once per server"),
                                ParamSpec.duration(SETTLE, "60s", "most warm-up added, in 5 s slices, while the server's JIT"
                                        + " compilers still take more than 10% of the time (0s: the warm-up as given)"),
                                LoadParams.durationParam("20s", "measured load per iteration"),
                                LoadParams.rampParam("step load: +20% users (or rate) every interval; 0s = constant"),
                                LoadParams.timeoutParam(),
                                LoadParams.connectionsAsTasksParam("open model: most connections opened"),
                                LoadParams.startRateParam("rate=max: the first rate tried, per second (halved while it fails)"),
                                LoadParams.minRateParam(),
                                LoadParams.precisionParam("rate=max: the search stops once the highest passing and lowest failing"
                                        + " rate are this close"),
                                ParamSpec.choice("engine", LoadEngines.LOOMLAB, LoadEngines.NAMES,
                                        "the load generator: loomlab (its own, on Netty) or jmeter (Apache JMeter 5.6.3 in a JVM"
                                                + " of its own: a platform thread per user, latency never corrected for coordinated"
                                                + " omission)"),
                                LOAD_CPUS, SERVER_CPUS)
                        .trialCpus(LOAD_CPUS)
                        .models(ServerModels.ALL.stream().map(ServerModel::name).toArray(String[]::new))
                        // The warm-up is the warmup load inside the trial, once per server: no warm-up iterations.
                        .rounds(new Rounds(null, 0, null))
                        .metrics(ServerMetrics.CLIENT_COUNTS).metrics(LoadMetrics.ALL).metrics(WebMetrics.ALL)
                        .metrics(ServerMetrics.SERVER_CPU_PCT, ServerMetrics.SERVER_PEAK_RSS_MB, ServerMetrics.SERVER_THREADS_PEAK,
                                ServerMetrics.SERVER_REQUESTS, ServerMetrics.SERVER_CACHE_ENTRIES, ServerMetrics.SERVER_DB_CALLS,
                                ServerMetrics.SERVER_JIT_MS, ServerMetrics.SERVER_BLOCKED_EVENTS, ServerMetrics.SERVER_GC_PAUSE_MS,
                                ServerMetrics.SERVER_OUT_OF_MEMORY, ServerMetrics.SERVER_TIMER_LATE_P99_MS,
                                ServerMetrics.SERVER_VT_PARALLELISM, ServerMetrics.SERVER_VT_POOL_SIZE)
                        .score(Metric.THROUGHPUT_PER_S)
                        .traits(Trait.GOLDEN_SIGNALS, Trait.SERVES_ELSEWHERE)
                        .needs((p, model) -> needs(p))
                        .build(),
                p -> workload(p)));
    }

    /**
     * The load generator in the trial JVM, the server in its own, each a socket per connection from 127.0.0.1: the
     * closed model's users, or up to the open model's connections (rate=max searches with the open model, up to its
     * generator's ceiling: any rate up to connections per second); and the run's database for a db endpoint.
     */
    private static MachineNeeds needs(ParamValues p) {
        LoadParams load = LoadParams.of(p);
        boolean max = load.search() != null;
        boolean open = max || load.rate() > 0;
        long c = open ? load.connections() : load.users();
        String what = open ? "opens up to " + count(c) + " connections (open model)"
                : "keeps " + count(c) + " users connected (closed model)";
        long atOnce = max ? c : open ? Math.min(c, (long) Math.ceil(load.rate())) : c;
        MachineNeeds needs = MachineNeeds.NONE
                .withSockets(Need.of(c, what + ", a socket each in the load generator (its trial JVM) and in the"
                        + " server's own JVM"))
                .withPortsPerSource(Need.of(c, what + " from 127.0.0.1 to one server port"))
                .withConnectsAtOnce(Need.of(atOnce, open ? "opens up to one connection per request in its first second"
                        : "connects every user at the start of each load run"));
        return EndpointSpec.needsDatabase(p) ? needs.withDatabase() : needs;
    }

    private static WebWorkload workload(ParamValues p) {
        LoadEngine engine = LoadEngines.named(p.choice("engine"));
        if (!engine.canSearch() && p.isWord(LoadParams.RATE, LoadParams.MAX)) {
            throw new NotApplicableException("rate=max searches with loomlab's open model, whose latency is corrected for"
                    + " coordinated omission and whose connections are bounded: JMeter's open model is neither (a thread per"
                    + " arrival, latency from the actual send), so its steps would be judged on figures that hide the queueing;"
                    + " use engine=loomlab");
        }
        return new WebWorkload(LoadParams.of(p), (long) p.durationMillis("delay"), EndpointSpec.of(p))
                .using(engine)
                .settling(Duration.ofNanos(p.durationNanos(SETTLE)))
                .heap(p.count(SERVER_HEAP))
                .watchingBlocks(p.choice(WATCH_BLOCKS).equals("yes"))
                .pinned(new CpuSides(p.cpus(CpuSides.LOAD).orElse(null), p.cpus(CpuSides.SERVER).orElse(null)));
    }
}
