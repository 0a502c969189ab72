package dev.loomlab.bench;

import dev.loomlab.core.memory.PlatformThreadCeiling;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bench module's JMH scenarios, each on the thread kinds {@code platform} and {@code virtual}:
 * thread-start, thread-create and handoff (article 003's thread start test, creation cost and switch
 * latency). JMH forks its own JVMs, so one trial JVM runs every fork of a result.
 */
public final class BenchScenarios implements ScenarioProvider {
    private static final ParamSpec ITERATION_TIME = ParamSpec.duration("iteration-time", "1s",
            "length of each JMH warm-up and measured iteration (JMH -w/-r)");

    @Override
    public List<Scenario> scenarios() {
        return List.of(threadStart(), threadCreate(), handoff());
    }

    private static ScenarioDescription.Builder jmh(String name, MetricKey metric) {
        return ScenarioDescription.named(name).models("platform", "virtual").withoutProbes().score(metric)
                .traits(Trait.FORKS_ITSELF);
    }

    /**
     * {@code threads} platform threads alive at once on the platform kind, for {@code why}; none on virtual. Beyond
     * the machine's ceiling the result is not applicable ({@link PlatformThreadCeiling#requireRoomFor}).
     */
    private static MachineNeeds platformThreads(Model model, long threads, String why) {
        return model.threads() != ServingThread.PLATFORM ? MachineNeeds.NONE
                : MachineNeeds.NONE.withPlatformThreads(MachineNeeds.Need.of(threads, why).whenShort(PlatformThreadCeiling.BEYOND));
    }

    private static long iterationMs(ParamValues p) {
        return Math.max(1, Math.round(p.durationMillis("iteration-time")));
    }

    /** {@link ThreadStartBenchmark}: {@code batch_ms}, the time to start and await a batch of N threads. */
    private static Scenario threadStart() {
        return Scenario.of(jmh("thread-start", JmhMetrics.BATCH_MS)
                        .summary("JMH: start N threads doing trivial work and await them with a CountDownLatch (ms per batch)")
                        .reproduces("003", "thread start cost, JMH")
                        .params(ParamSpec.taskCount("threads", "10000", "threads started per batch, one JMH operation"), ITERATION_TIME)
                        .needs((p, model) -> platformThreads(model, p.intCount("threads"),
                                "starts " + MachineNeeds.count(p.intCount("threads")) + " platform threads at once"))
                        .metrics(Metric.THROUGHPUT_PER_S)
                        .build(),
                p -> new JmhWorkload(ThreadStartBenchmark.class.getName() + ".startAndAwait", JmhMetrics.BATCH_MS, "ms/op",
                        Map.of("threads", String.valueOf(p.intCount("threads"))), p.intCount("threads"), iterationMs(p),
                        // threads started per second
                        scoreMs -> Map.of(Metric.THROUGHPUT_PER_S.name(), p.intCount("threads") / (scoreMs / 1000))));
    }

    /** {@link ThreadCreateBenchmark}: {@code thread_us}, one thread created, started and joined. */
    private static Scenario threadCreate() {
        return Scenario.of(jmh("thread-create", JmhMetrics.THREAD_US)
                        .summary("JMH: create, start and join one thread doing trivial work (µs per thread)")
                        .reproduces("003", "platform vs virtual facts: creation cost")
                        .params(ITERATION_TIME)
                        .metrics(JmhMetrics.THREADS_PER_S)
                        .build(),
                p -> new JmhWorkload(ThreadCreateBenchmark.class.getName() + ".createStartJoin", JmhMetrics.THREAD_US, "us/op",
                        Map.of(), 1, iterationMs(p), scoreUs -> Map.of(JmhMetrics.THREADS_PER_S.name(), 1e6 / scoreUs)));
    }

    /**
     * {@link HandoffBenchmark}: pairs of threads ping-ponging through a SynchronousQueue or park/unpark.
     * {@code handoff_us}, JMH's score, is the time per hand-off (half a round trip) a pair sees while all
     * pairs run; {@code switch_cost_us} = {@code handoff_us} / pairs is the wall time per hand-off of the
     * whole machine (1 / hand-off rate), what article 003 reports as mean switch latency by thread count.
     */
    private static Scenario handoff() {
        return Scenario.of(jmh("handoff", JmhMetrics.HANDOFF_US)
                        .summary("JMH: K pairs of threads ping-pong via SynchronousQueue or park/unpark (µs per hand-off)")
                        .reproduces("003", "4.2 thread switch latency vs thread count")
                        .params(new ParamSpec("pairs", ParamType.COUNT, "10", 1, 100_000, "pairs of threads ping-ponging at once"),
                                ParamSpec.choice("mechanism", "park", List.of("park", "queue"),
                                        "park = LockSupport.park/unpark, queue = SynchronousQueue put/take"),
                                ITERATION_TIME)
                        // A plain run sweeps the article's thread counts and both mechanisms.
                        .sweep("pairs", "10,100,1000").sweep("mechanism", "park,queue")
                        .needs((p, model) -> platformThreads(model, 2L * p.intCount("pairs"),
                                "runs " + MachineNeeds.count(p.intCount("pairs")) + " pairs of platform threads"))
                        .metrics(JmhMetrics.SWITCH_COST_US, JmhMetrics.HANDOFFS_PER_S)
                        .build(),
                p -> {
                    int pairs = p.intCount("pairs");
                    return new JmhWorkload(HandoffBenchmark.class.getName() + ".handOff", JmhMetrics.HANDOFF_US, "us/op",
                            Map.of("pairs", String.valueOf(pairs), "mechanism", p.choice("mechanism")), 2L * pairs,
                            iterationMs(p), scoreUs -> {
                                Map<String, Double> m = new LinkedHashMap<>();
                                m.put(JmhMetrics.SWITCH_COST_US.name(), scoreUs / pairs);
                                m.put(JmhMetrics.HANDOFFS_PER_S.name(), pairs * 1e6 / scoreUs);
                                return m;
                            });
                });
    }
}
