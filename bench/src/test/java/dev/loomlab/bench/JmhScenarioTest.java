package dev.loomlab.bench;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.workload.NotApplicableException;
import org.junit.jupiter.api.Test;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Real, tiny JMH runs in a forked JVM: JMH's {@code RunResult} comes back as samples and as the result's {@code jmh}. */
class JmhScenarioTest {

    private static TrialOutcome run(String scenario, ThreadKind kind, Map<String, String> params, int warmup,
                                    int iterations, List<String> progress) throws InterruptedException {
        Scenario s = new BenchScenarios().scenarios().stream().filter(x -> x.name().equals(scenario)).findFirst().orElseThrow();
        TrialSpec spec = new TrialSpec(scenario, kind.modelName(), params, warmup, iterations, 1, 1, false);
        JmhWorkload w = (JmhWorkload) s.workload(ParamValues.parse(scenario, s.description().params(), params));
        return w.runTrial(spec, kind, (phase, done, total) -> progress.add(phase + " " + done + "/" + total));
    }

    @Test
    void threadStartBringsJmhScoreErrorAndEveryIterationBack() throws Exception {
        List<String> progress = new ArrayList<>();
        TrialOutcome o = run("thread-start", ThreadKind.VIRTUAL,
                Map.of("threads", "1000", "iteration-time", "100ms"), 1, 3, progress);

        assertThat(o.status()).as(String.valueOf(o.error())).isEqualTo(Status.OK);
        JmhRun jmh = o.section(JmhRun.SECTION).orElseThrow();
        assertThat(jmh.benchmark()).isEqualTo(ThreadStartBenchmark.class.getName() + ".startAndAwait");
        assertThat(jmh.mode()).isEqualTo("avgt");
        assertThat(jmh.unit()).isEqualTo("ms/op");
        assertThat(jmh.forks()).isEqualTo(1);
        assertThat(jmh.warmupIterations()).isEqualTo(1);
        assertThat(jmh.measurementIterations()).isEqualTo(3);
        assertThat(jmh.measurementTime()).isEqualTo("100 ms");
        assertThat(o.iterations()).hasSize(3);
        double[] samples = o.iterations().stream().mapToDouble(it -> it.metrics().get("batch_ms")).toArray();
        // Starting a thread takes time: 1,000 of them cannot take less than a microsecond.
        assertThat(java.util.Arrays.stream(samples).min().orElseThrow()).isGreaterThan(0.001);
        // JMH's score is the mean of its raw data, and its error the same 99.9% Student-t half-width loomlab computes.
        Summary s = Summary.of(samples);
        assertThat(jmh.score()).isCloseTo(s.mean(), org.assertj.core.data.Offset.offset(1e-9 * s.mean()));
        assertThat(jmh.error()).isCloseTo(s.ciHalfWidth(), org.assertj.core.data.Offset.offset(1e-6 * s.ciHalfWidth() + 1e-12));
        for (IterationResult it : o.iterations()) {
            assertThat(it.metrics().get("throughput_per_s")).isCloseTo(1000 / (it.metrics().get("batch_ms") / 1000),
                    org.assertj.core.data.Offset.offset(1e-6));
        }
        assertThat(progress).containsSubsequence("warmup 1/1", "measure 1/3", "measure 2/3", "measure 3/3");
    }

    @Test
    void handoffOnPlatformThreadsMeasuresEachHandOff() throws Exception {
        TrialOutcome o = run("handoff", ThreadKind.PLATFORM,
                Map.of("pairs", "2", "mechanism", "queue", "iteration-time", "100ms"), 0, 2, new ArrayList<>());

        assertThat(o.status()).as(String.valueOf(o.error())).isEqualTo(Status.OK);
        assertThat(o.section(JmhRun.SECTION).orElseThrow().unit()).isEqualTo("us/op");
        assertThat(o.section(JmhRun.SECTION).orElseThrow().warmupIterations()).isZero();
        assertThat(o.iterations()).hasSize(2).allSatisfy(it -> {
            double handoff = it.metrics().get("handoff_us");
            // Waking a blocked platform thread goes through the OS: well above 10 ns.
            assertThat(handoff).isGreaterThan(0.01);
            assertThat(it.metrics().get("switch_cost_us")).isCloseTo(handoff / 2, org.assertj.core.data.Offset.offset(1e-9));
        });
    }

    @Test
    void moreConcurrentPlatformThreadsThanTheMachineAllowsAreNotApplicable() {
        assertThatThrownBy(() -> run("handoff", ThreadKind.PLATFORM,
                Map.of("pairs", "100000", "iteration-time", "100ms"), 0, 1, new ArrayList<>()))
                .isInstanceOf(NotApplicableException.class)
                .hasMessageContaining("200,000 platform threads")
                .hasMessageContaining("safe ceiling");
    }

    /** Two forks of one measured iteration each: JMH's score is their mean, and it gives no error (NaN) for so few. */
    @Test
    void aRunResultWithTooFewIterationsHasNoError() {
        TimeValue second = TimeValue.seconds(1);
        IterationParams warmup = new IterationParams(IterationType.WARMUP, 0, second, 1);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.milliseconds(100), 1);
        BenchmarkParams params = new BenchmarkParams("b.B.m", "b.jmh_generated.B_m_jmhTest", false, 1, new int[]{1},
                List.of(), 2, 0, warmup, measurement, Mode.AverageTime, new WorkloadParams(), TimeUnit.MICROSECONDS, 1,
                "java", List.of(), "25", "vm", "25", "1.37", TimeValue.minutes(10));
        List<BenchmarkResult> forks = new ArrayList<>();
        for (long nanos : new long[]{2_000, 3_000}) {
            org.openjdk.jmh.results.IterationResult it = new org.openjdk.jmh.results.IterationResult(params, measurement,
                    new IterationResultMetaData(1, 1));
            it.addResult(new AverageTimeResult(ResultRole.PRIMARY, "m", 1, nanos, TimeUnit.MICROSECONDS));
            forks.add(new BenchmarkResult(params, List.of(it)));
        }

        JmhResult j = JmhResult.of(List.of(new RunResult(params, forks)));

        assertThat(j.run().error()).isNull();
        assertThat(j.run().score()).isEqualTo(2.5);
        assertThat(j.run().unit()).isEqualTo("us/op");
        assertThat(j.run().mode()).isEqualTo("avgt");
        assertThat(j.run().benchmark()).isEqualTo("b.B.m");
        assertThat(j.run().forks()).isEqualTo(2);
        assertThat(j.run().warmupIterations()).isZero();
        assertThat(j.run().warmupTime()).isEqualTo("1 s");
        assertThat(j.run().measurementIterations()).isEqualTo(1);
        assertThat(j.run().measurementTime()).isEqualTo("100 ms");
        assertThat(j.rawData()).containsExactly(List.of(2.0), List.of(3.0));
    }
}
