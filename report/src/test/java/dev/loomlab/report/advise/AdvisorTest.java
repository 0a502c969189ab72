package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Advice comes from measured figures only, cites them, and stays silent where its metrics are absent. */
class AdvisorTest {
    private static List<Advice> topic(List<Advice> advice, String topic) {
        return advice.stream().filter(a -> a.topic().equals(topic)).toList();
    }

    @Test
    void theSeedsSleepExperimentGetsModelPoolSizeAndMemoryAdviceWithTheirFigures() {
        List<Advice> advice = Advisor.advise(Fixtures.seedsSleep());
        assertThat(advice).extracting(Advice::topic).containsExactly("model", "pool size", "memory");
        assertThat(advice).allSatisfy(a -> {
            assertThat(a.scope()).isEqualTo("sleep tasks=10000 sleep=300ms · Java 25");
            assertThat(a.evidence()).isNotEmpty().allSatisfy(line -> assertThat(line).containsPattern("\\d"));
        });

        Advice model = topic(advice, "model").get(0);
        // Samples 0.98, 1, 1.03 × the median: of the nine pairwise ratios three are 1 and three pairs are inverses, so
        // the ratio is that of the medians, 402 / 3,206 (8.0×); but 3 vs 3 samples cannot give a 99% interval
        // (2 / C(6, 3) = 0.1): no verdict, as compare would say.
        assertThat(model.recommendation()).isEqualTo("No model is preferred here (wall ms): virtual leads platform:1000 by 8.0× "
                + "(the ratio of their iterations), but 3 vs 3 samples are too few for a 99% interval of it: run both with "
                + "at least 5 measured iterations (e.g. --iterations 5).");
        List<Verdict> verdicts = Verdict.of(advice);
        assertThat(verdicts).singleElement().satisfies(v -> {
            assertThat(v.headline()).isSameAs(model);
            assertThat(v.more()).extracting(Advice::topic).containsExactly("pool size", "memory");
        });
        String md = AdviceReport.markdown(advice, "results/x", 5);
        assertThat(md).contains("## Verdicts\n\n| experiment | verdict |\n|---|---|\n| sleep tasks=10000 sleep=300ms · Java 25 | No model is preferred here")
                .contains("- pool size: A platform pool of about 7,508 threads would match virtual's throughput");
        assertThat(model.evidence())
                .anyMatch(l -> l.startsWith("virtual: wall ms mean 403 ms (99.9% CI of the mean ") && l.endsWith(", 3 iterations)"))
                .contains("virtual / platform:1000 wall ms ×0.125 [no 99% interval], 3 vs 3 samples: too few samples (5 a side needed)");

        Advice pool = topic(advice, "pool size").get(0);
        // Mean throughputs: tasks / wall per iteration, averaged: 10,000 / 15.092 s × (1/0.98 + 1 + 1/1.03) / 3
        // = 662.6 × 0.99709 = 660.7/s for platform:200, 24,876 × 0.99709 = 24,803/s for virtual.
        // W = 200 / 660.7 = 302.7 ms; L = 24,803 × W = 200 × 15,092 / 402 = 7,508.5 (the common factor cancels).
        assertThat(pool.recommendation()).isEqualTo("A platform pool of about 7,508 threads would match virtual's throughput "
                + "(Little's law); the largest measured, platform:1000, cannot be told from it: 3 vs 3 samples are too few for a "
                + "99% interval of the ratio (at least 5 a side); the sweep's knee is at 500 threads.");
        assertThat(pool.evidence()).contains(
                "platform:200: 10,000 tasks on 200 threads at 661 tasks/s → W = N / λ = 303 ms per task",
                "best throughput: virtual 24,803 tasks/s (wall mean 403 ms)",
                "knee of the platform curve: platform:500 (6,146 ms wall); beyond it more threads gain less");

        Advice memory = topic(advice, "memory").get(0);
        // Little's law: virtual keeps 24,803/s × 351 ms (latencies spread evenly 300 … 402 ms) = 8,706 in flight;
        // a mean peak heap of 40 MB (38, 40, 42) is 40 × 1,024 / 8,706 = 4.70 KB each.
        assertThat(memory.recommendation()).startsWith("Budget about 4.70 KB of heap per in-flight request with virtual at about 8,706");
    }

    @Test
    void withFiveIterationsTheBestModelIsRecommendedAndThePoolsAreSlowerBeyondNoise() {
        List<Advice> advice = Advisor.advise(Fixtures.seedsSleepFive());
        Advice model = topic(advice, "model").get(0);
        // Samples 0.98, 0.99, 1, 1.01, 1.03 × the median: of the 25 pairwise ratios five are 1 and ten pairs are
        // inverses, so the ratio is 402 / 3,206 = 0.1254 (8.0×), its 99% interval every pairwise ratio, from
        // 0.1254 × 0.98 / 1.03 = 0.119 to 0.1254 × 1.03 / 0.98 = 0.132: faster beyond noise. platform:1000's bound
        // is ceil(10,000 / 1,000) × 300 ms = 3,000 ms; its mean 3,206 × 1.002 = 3,212.4 ms makes its efficiency 0.93.
        assertThat(model.recommendation()).isEqualTo("Use virtual: 8.0× faster than the next best, platform:1000, which is "
                + "held at its ceiling of 1,000 tasks at once (bound 3,000 ms, efficiency 0.93).");
        assertThat(model.evidence()).contains("virtual / platform:1000 wall ms ×0.125 [0.119, 0.132] at 99%, 5 vs 5 samples: faster");
        assertThat(AdviceReport.markdown(advice, "results/x", 5))
                .contains("| sleep tasks=10000 sleep=300ms · Java 25 | Use virtual: 8.0×")
                .contains("**Use virtual: 8.0× faster than the next best, platform:1000, which is held at its ceiling");

        // The same pair judged the other way round: platform:1000 / virtual = 7.975, from 7.975 × 0.98 / 1.03 = 7.59
        // to 7.975 × 1.03 / 0.98 = 8.38, wholly above 1.05.
        Advice pool = topic(advice, "pool size").get(0);
        assertThat(pool.recommendation()).startsWith("Prefer virtual: a platform pool would need about 7,508 threads")
                .contains("platform:1000, is 8.0× slower").endsWith("the sweep's knee is at 500 threads.");
        assertThat(pool.evidence()).contains("platform:1000 / virtual wall ms ×7.98 [7.59, 8.38] at 99%, 5 vs 5 samples: slower");
    }

    @Test
    void withinNoiseNoModelIsPreferred() {
        List<Result> results = List.of(
                Fixtures.ok("cpu", "platform:2", Fixtures.params("tasks", 200), Fixtures.JDK25, new double[]{581, 625, 946, 600, 640}, 200, 3, 20, 268.0, null),
                Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 200), Fixtures.JDK25, new double[]{623, 650, 642, 610, 630}, 200, 3, 20, 274.0, null));
        Advice model = topic(Advisor.advise(results), "model").get(0);
        // Means 678.4 (platform:2) and 631 (virtual): virtual ranks first, though its median (630) is the higher (625).
        // At 5 vs 5 the 99% interval of virtual / platform:2 spans every pairwise ratio, 610/946 = 0.645 to
        // 650/581 = 1.12: it holds 1.
        assertThat(model.recommendation()).isEqualTo(
                "virtual, platform:2 are within noise of each other here (wall ms): choose among them on other grounds.");
        assertThat(model.evidence()).anyMatch(l -> l.startsWith("virtual / platform:2 wall ms ×")
                && l.endsWith(" [0.645, 1.12] at 99%, 5 vs 5 samples: within noise"));
    }

    @Test
    void aCoreSizedPoolThatMatchesTheBestIsTheRightSize() {
        // CPU-bound: 2 threads already give the best throughput, so Little's law asks for 2.
        List<Result> results = List.of(
                Fixtures.ok("cpu", "platform:2", Fixtures.params("tasks", 200), Fixtures.JDK25, Fixtures.around(600), 200, 3, 20, 540.0, null),
                Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 200), Fixtures.JDK25, Fixtures.around(640), 200, 3, 20, 540.0, null));
        Advice pool = topic(Advisor.advise(results), "pool size").get(0);
        assertThat(pool.recommendation()).isEqualTo(
                "A platform pool of about 2 threads sustains the best measured throughput (platform:2, Little's law).");
    }

    @Test
    void aPoolWithFewerTasksThanThreadsGivesNoLittlesLawFigure() {
        List<Result> results = List.of(
                Fixtures.ok("cpu", "platform:200", Fixtures.params("tasks", 100), Fixtures.JDK25, Fixtures.around(300), 100, 3, 20, 140.0, null),
                Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 100), Fixtures.JDK25, Fixtures.around(380), 100, 3, 20, 140.0, null));
        assertThat(topic(Advisor.advise(results), "pool size")).isEmpty();
    }

    @Test
    void semaphoreAndPinningAdviceNeedTheirMetrics() {
        List<Result> plain = Fixtures.seedsSleep();
        assertThat(topic(Advisor.advise(plain), "downstream")).isEmpty();
        assertThat(topic(Advisor.advise(plain), "pinning")).isEmpty();

        List<Result> limited = new ArrayList<>();
        limited.add(Fixtures.with(Fixtures.with(Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK25, 130, 100.0, null),
                "calls_rejected", 480, 500, 520), "downstream_peak_concurrency", 1000, 1000, 1000));
        limited.add(Fixtures.with(Fixtures.with(Fixtures.sleep("virtual-bounded:100", 1000, 100, Fixtures.JDK25, 1050, 1000.0, null),
                "calls_rejected", 0, 0, 0), "downstream_peak_concurrency", 100, 100, 100));
        Advice semaphore = topic(Advisor.advise(limited), "downstream").get(0);
        // these fixtures carry no limit parameter, so the permits are described, not counted
        assertThat(semaphore.recommendation()).isEqualTo("Guard the downstream call with a java.util.concurrent.Semaphore sized "
                + "to the downstream's capacity: virtual overran it, while virtual-bounded:100 stayed within it.");
        assertThat(semaphore.evidence()).contains(
                "virtual: 500 downstream calls rejected per iteration, peak 1,000 calls in flight, wall median 130 ms");

        List<Result> pinned = List.of(
                Fixtures.with(Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK21, 900, 100.0, null), "pinned_events", 40, 42, 44),
                Fixtures.with(Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK25, 130, 100.0, null), "pinned_events", 0, 0, 0));
        List<Advice> pinning = topic(Advisor.advise(pinned), "pinning");
        assertThat(pinning).hasSize(1);
        assertThat(pinning.get(0).scope()).endsWith("Java 21");
        assertThat(pinning.get(0).recommendation()).contains("ReentrantLock").contains("JDK 24 or later");
        assertThat(pinning.get(0).evidence()).containsExactly(
                "virtual on Java 21: 42.0 pinned events per iteration (median)",
                "virtual on Java 25: 0 pinned events per iteration");
    }

    @Test
    void failuresAreAdvisedAgainstWithTheirReasonAndNothingElseWithoutMeasurements() {
        List<Result> results = List.of(
                Fixtures.failed("fanout", "completable:200", Fixtures.params("profiles", 1000),
                        "deadlock: 200 of 200 pool threads blocked waiting for tasks queued behind them\n--- log ---"),
                Fixtures.notApplicable("fanout", "structured", Fixtures.params("profiles", 1000)));
        List<Advice> advice = Advisor.advise(results);
        assertThat(advice).hasSize(1);
        assertThat(advice.get(0).recommendation()).isEqualTo("Avoid completable:200 for this workload at these parameters: it failed.");
        assertThat(advice.get(0).evidence()).containsExactly(
                "completable:200: failed — deadlock: 200 of 200 pool threads blocked waiting for tasks queued behind them",
                "trial log: logs/completable:200-failed.log");
        assertThat(AdviceReport.markdown(List.of(), "results/x", 0)).contains("No advice");
    }
}
