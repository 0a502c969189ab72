package dev.loomlab.load.web;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.Rounds;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.engines.LoadEngines;
import dev.loomlab.core.workload.NotApplicableException;

import java.time.Duration;
import java.util.List;

/**
 * {@code web}: article 004's web experiment — each server model in its own JVM, loaded over HTTP by
 * loomlab's generator (closed model with {@code users}, or open with {@code rate}), each server
 * sampled every second, on one of article 003's endpoint kinds ({@code endpoint=sleep}, the default, is
 * article 004's). Its score is the throughput; the bound is a rate (sleep, Little's law: users / delay, or
 * the pool's threads / delay; cpu: cores / work; memory and db*: none), reported as {@code bound_throughput_per_s}
 * with {@code efficiency_pct}. The db endpoints need the run's database: a run that plans one starts it
 * ({@link EndpointSpec#needsDatabase}), a run of the other endpoints starts none.
 * The article published a chart only (virtual threads and WebFlux far above the 200-thread pool).
 * {@code engine=jmeter} drives each load with Apache JMeter instead of loomlab's generator (article 004's own tool);
 * {@code rate=max} with it is not applicable: the capacity search judges its steps on loomlab's open model, whose
 * latency is corrected for coordinated omission and whose connections are bounded, and JMeter's is neither.
 */
public final class WebScenarios implements ScenarioProvider {
    @Override
    public List<Scenario> scenarios() {
        return List.of(Scenario.of(ScenarioDescription.named("web")
                        .summary("HTTP servers (MVC on 200 threads or virtual threads, WebFlux, Helidon, JDK) under a load generator")
                        .reproduces("004", "web service: MVC on Tomcat, virtual threads, WebFlux under 3,000 users")
                        .params(ParamSpec.taskCount("users", "3000", "closed model: users, each sending again once answered"),
                                ParamSpec.decimalOr("rate", "0", 0, LoadSpec.MAX_RATE, List.of(LoadScenario.MAX),
                                        "open model: requests per second on a schedule (0: closed model); max: each iteration"
                                                + " searches for the highest rate that meets --slo (default p99<500ms,errors<1%)"),
                                ParamSpec.duration("delay", "300ms", "endpoint=sleep: how long the endpoint waits before answering"),
                                EndpointSpec.ENDPOINT, EndpointSpec.WORK, EndpointSpec.RETAIN, EndpointSpec.CACHE,
                                EndpointSpec.DB_CONNECTIONS, EndpointSpec.BATCH,
                                ParamSpec.duration("warmup", "20s", "load before measuring, once per server"),
                                ParamSpec.duration("duration", "20s", "measured load per iteration"),
                                ParamSpec.duration("ramp", "0s", "step load: +20% users (or rate) every interval; 0s = constant"),
                                ParamSpec.duration("timeout", "30s", "a request not answered within this is a timeout error"),
                                ParamSpec.taskCount("connections", Integer.toString(LoadSpec.DEFAULT_CONNECTIONS),
                                        "open model: most connections opened"),
                                ParamSpec.decimal("start-rate", "1000", 0, LoadSpec.MAX_RATE,
                                        "rate=max: the first rate tried, per second (halved while it fails)"),
                                ParamSpec.decimal("min-rate", "100", 0, LoadSpec.MAX_RATE, "rate=max: the lowest rate tried, per second"),
                                ParamSpec.decimal("precision", "0.05", 0, 1,
                                        "rate=max: the search stops once the highest passing and lowest failing rate are this close"),
                                ParamSpec.choice("engine", LoadEngines.LOOMLAB, LoadEngines.NAMES,
                                        "the load generator: loomlab (its own, on Netty) or jmeter (Apache JMeter 5.6.3 in a JVM"
                                                + " of its own: a platform thread per user, latency never corrected for coordinated"
                                                + " omission)"))
                        .models(ServerModels.ALL.stream().map(ServerModel::name).toArray(String[]::new))
                        // The warm-up is the warmup load inside the trial, once per server: no warm-up iterations.
                        .rounds(new Rounds(null, 0, null))
                        .score("throughput_per_s")
                        .traits(Trait.GOLDEN_SIGNALS)
                        .build(),
                p -> workload(p)));
    }

    private static WebWorkload workload(dev.loomlab.core.param.ParamValues p) {
        LoadEngine engine = LoadEngines.named(p.choice("engine"));
        if (!engine.canSearch() && p.isWord("rate", LoadScenario.MAX)) {
            throw new NotApplicableException("rate=max searches with loomlab's open model, whose latency is corrected for"
                    + " coordinated omission and whose connections are bounded: JMeter's open model is neither (a thread per"
                    + " arrival, latency from the actual send), so its steps would be judged on figures that hide the queueing;"
                    + " use engine=loomlab");
        }
        return new WebWorkload(p.intCount("users"), p.isWord("rate", LoadScenario.MAX) ? 0 : p.decimal("rate"),
                (long) p.durationMillis("delay"),
                Duration.ofNanos(p.durationNanos("warmup")), Duration.ofNanos(Math.max(1, p.durationNanos("duration"))),
                new Ramp(p.durationNanos("ramp")), Duration.ofNanos(Math.max(1, p.durationNanos("timeout"))),
                p.intCount("connections"), EndpointSpec.of(p))
                .searching(p.isWord("rate", LoadScenario.MAX) ? new WebWorkload.Search(p.decimal("start-rate"),
                        p.decimal("min-rate"), p.decimal("precision")) : null)
                .using(engine);
    }
}
