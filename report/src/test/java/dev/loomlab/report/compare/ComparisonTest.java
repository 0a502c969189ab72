package dev.loomlab.report.compare;

import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Matching by scenario, model, params and JDK; a regression is a Hodges-Lehmann ratio whose whole 99%
 * interval lies beyond the threshold on the worse side; too few samples for that interval are not judged.
 */
class ComparisonTest {
    @Test
    void aRunComparedWithItselfHasNoRegression() {
        List<Result> run = Fixtures.seedsSleepFive();
        Comparison c = Comparison.of(run, run, "wall_ms", 5, false);
        assertThat(c.changes()).hasSize(5).allSatisfy(ch -> {
            assertThat(ch.verdict()).isEqualTo(Verdict.NO_CHANGE);
            assertThat(ch.estimate().ratio()).isEqualTo(1.0);
            // The interval at 5 vs 5 spans every pairwise ratio: 0.98 / 1.03 to 1.03 / 0.98.
            assertThat(ch.estimate().low()).isCloseTo(0.98 / 1.03, within(1e-12));
            assertThat(ch.estimate().high()).isCloseTo(1.03 / 0.98, within(1e-12));
            assertThat(ch.estimate().p()).isEqualTo(1.0);
        });
        assertThat(c.regressed()).isFalse();
        assertThat(CompareReport.markdown(c, "a", "b")).contains("No regression beyond 5% (5 results matched).")
                .contains("| sleep | virtual | tasks=10000 sleep=300ms | 25 | 403 ms | 403 ms | 5 vs 5 | ×1.00 [0.951, 1.05] | 1 | no change |");
    }

    @Test
    void oneResultFourTimesSlowerIsARegressionNamedByItsKey() {
        Comparison c = thirdFourTimesSlower(Fixtures.seedsSleepFive());
        assertThat(c.regressions()).hasSize(1);
        Change ch = c.regressions().get(0);
        assertThat(ch.key().label()).isEqualTo("sleep platform:500 tasks=10000 sleep=300ms (Java 25)");
        // Every pairwise ratio is 4 · b_j / b_i: the median 4, the extremes 4 · 0.98 / 1.03 = 3.81 and 4 · 1.03 / 0.98 = 4.20.
        assertThat(ch.estimate().ratio()).isCloseTo(4.0, within(1e-12));
        assertThat(ch.estimate().low()).isCloseTo(4 * 0.98 / 1.03, within(1e-12));
        assertThat(ch.changePct()).isCloseTo(300.0, within(1e-9));
        assertThat(ch.estimate().p()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(CompareReport.markdown(c, "a", "b"))
                .contains("**1 regression**: sleep platform:500 tasks=10000 sleep=300ms (Java 25) (wall ms ×4.00 [3.81, 4.20] at 99%, p = 0.0079).");
    }

    @Test
    void aChangeWhoseIntervalReachesIntoTheThresholdIsNoRegression() {
        // Tight samples 4% slower: the interval is 1.04 · 100 / 100.4 = 1.036 to 1.04 · 100.4 / 100 = 1.044,
        // wholly above 1.02 but not above 1.05.
        Result tight = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25,
                new double[]{100, 100.1, 100.2, 100.3, 100.4}, 10, 1, 20, null, null);
        Change small = Comparison.of(List.of(tight), List.of(Fixtures.slower(tight, 1.04)), "wall_ms", 5, false).changes().get(0);
        assertThat(small.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(small.estimate().low()).isCloseTo(1.04 * 100 / 100.4, within(1e-12));
        Comparison strict = Comparison.of(List.of(tight), List.of(Fixtures.slower(tight, 1.04)), "wall_ms", 2, false);
        assertThat(strict.regressed()).isTrue();

        // Interleaved samples: the candidate's mean is 12% higher, but its interval reaches below 1.
        Result noisy = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{60, 64, 75, 62, 80}, 10, 1, 20, null, null);
        Result noisier = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{62, 90, 70, 85, 79}, 10, 1, 20, null, null);
        Change ch = Comparison.of(List.of(noisy), List.of(noisier), "wall_ms", 5, false).changes().get(0);
        assertThat(ch.candidateMean() / ch.baselineMean()).isGreaterThan(1.05);
        assertThat(ch.estimate().low()).isLessThan(1);
        assertThat(ch.verdict()).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void fasterIsAnImprovementAndThroughputIsBetterHigher() {
        List<Result> base = Fixtures.seedsSleepFive();
        Comparison faster = Comparison.of(base, List.of(Fixtures.slower(base.get(1), 0.5)), "wall_ms", 5, false);
        assertThat(faster.changes().get(0).verdict()).isEqualTo(Verdict.IMPROVED);
        Comparison throughput = Comparison.of(base, List.of(Fixtures.slower(base.get(1), 0.5)), "throughput_per_s", 5, false);
        // The fixture's throughput did not change: only wall did.
        assertThat(throughput.changes().get(0).verdict()).isEqualTo(Verdict.NO_CHANGE);
        // platform:200 does 10,000 tasks in about 15.1 s, about 663 tasks/s; 300 is less than half of it.
        Result slowerThroughput = Fixtures.with(base.get(1), "throughput_per_s", 300, 305, 310, 315, 320);
        Comparison lower = Comparison.of(base, List.of(slowerThroughput), "throughput_per_s", 5, false);
        assertThat(lower.changes().get(0).verdict()).isEqualTo(Verdict.REGRESSED);
        Comparison higher = Comparison.of(List.of(slowerThroughput), base, "throughput_per_s", 5, false);
        assertThat(higher.changes().get(0).verdict()).isEqualTo(Verdict.IMPROVED);
    }

    @Test
    void threeSamplesASideAreTooFewToJudgeEvenFourTimesSlower() {
        Comparison c = thirdFourTimesSlower(Fixtures.seedsSleep());
        assertThat(c.changes()).allSatisfy(ch -> assertThat(ch.verdict()).isEqualTo(Verdict.N_TOO_SMALL));
        assertThat(c.regressed()).isFalse();
        assertThat(c.changes().get(2).estimate().ratio()).isCloseTo(4.0, within(1e-12));
        assertThat(CompareReport.tooSmallLine(c)).isEqualTo("**n too small** for 5 of 5 results: 5 at 3 vs 3 samples "
                + "(smallest p 0.1) cannot give a 99% interval, so they were not judged. Run both sides with at least 5 "
                + "measured iterations (e.g. --iterations 5).");
        assertThat(CompareReport.markdown(c, "a", "b")).contains("No regression beyond 5% (5 results matched).")
                .contains("| 3 vs 3 | ×4.00 [no 99% interval] | 0.1 | n too small |");
    }

    @Test
    void aResultThatFailsOnlyInTheCandidateIsARegression() {
        List<Result> base = Fixtures.seedsSleepFive();
        Result failed = Fixtures.failed("sleep", "virtual", base.get(0).params(), "timeout: trial exceeded 20m");
        Comparison c = Comparison.of(base, List.of(failed), "wall_ms", 5, false);
        assertThat(c.changes().get(0).verdict()).isEqualTo(Verdict.NOW_FAILING);
        assertThat(c.regressed()).isTrue();
        assertThat(c.onlyInBaseline()).hasSize(4);
        assertThat(CompareReport.verdictLine(c)).contains("sleep virtual tasks=10000 sleep=300ms (Java 25) (now failing: failed)");
        Comparison back = Comparison.of(List.of(failed), base, "wall_ms", 5, false);
        assertThat(back.changes().get(0).verdict()).isEqualTo(Verdict.NOW_OK);
        assertThat(back.regressed()).isFalse();
        assertThat(back.onlyInCandidate()).hasSize(4);
    }

    @Test
    void withoutAMetricEachResultIsJudgedByItsScore() {
        List<Result> base = Fixtures.seedsSleepFive();
        Comparison c = Comparison.of(base, base, null, 5, false);
        assertThat(c.metric()).isNull();
        assertThat(c.metrics()).containsExactly("wall_ms");
        assertThat(CompareReport.intro(c, "a", "b")).contains("wall ms (lower is better)");
    }

    @Test
    void resultsOnAnotherJdkMatchOnlyWhenJdksAreIgnored() {
        Result on25 = Fixtures.ok("sleep", "virtual", Fixtures.params("tasks", 1000), Fixtures.JDK25, Fixtures.five(130), 1000, 100, 40, 100.0, null);
        Result on21 = Fixtures.ok("sleep", "virtual", Fixtures.params("tasks", 1000), Fixtures.JDK21, Fixtures.five(520), 1000, 100, 40, 100.0, null);
        assertThat(Comparison.of(List.of(on21), List.of(on25), "wall_ms", 5, false).changes()).isEmpty();
        Comparison upgrade = Comparison.of(List.of(on21), List.of(on25), "wall_ms", 5, true);
        assertThat(upgrade.changes()).hasSize(1);
        assertThat(upgrade.changes().get(0).verdict()).isEqualTo(Verdict.IMPROVED);
    }

    @Test
    void machineDifferencesAreOneWarningEach() {
        java.util.Map<String, Object> a = new java.util.LinkedHashMap<>();
        a.put("cpu_model", "AMD EPYC 7763");
        a.put("cores", 2);
        a.put("jdks", List.of(java.util.Map.of("version", "25.0.3+9-LTS", "vendor", "Eclipse Adoptium", "home", "/a")));
        java.util.Map<String, Object> b = new java.util.LinkedHashMap<>(a);
        assertThat(Machines.warnings(a, b)).isEmpty();
        b.put("cores", 4);
        b.put("jdks", List.of(java.util.Map.of("version", "25.0.1+8-LTS", "vendor", "Eclipse Adoptium", "home", "/b")));
        assertThat(Machines.warnings(a, b)).containsExactly("the machines differ: cores 2 (baseline) vs 4 (candidate)",
                "the JDKs differ: 25.0.3+9-LTS (baseline) vs 25.0.1+8-LTS (candidate)");
        b.put("cpu_model", "Intel Xeon");
        assertThat(Machines.warnings(a, b)).hasSize(3).contains("the machines differ: CPU AMD EPYC 7763 (baseline) vs Intel Xeon (candidate)");
        assertThat(Machines.warnings(a, java.util.Map.of())).containsExactly(
                "no summary.json in the candidate: cannot check that both ran on the same machine and JDKs");
        String md = CompareReport.markdown(Comparison.of(Fixtures.seedsSleepFive(), Fixtures.seedsSleepFive(), "wall_ms", 5, false),
                "a", "b", Machines.warnings(a, b));
        assertThat(md).contains("> **warning**: the machines differ: cores 2 (baseline) vs 4 (candidate)");
    }
    @Test
    void resultsMovingTogetherAreWarnedAboutAsTheMachinesDoing() {
        List<Result> base = Fixtures.seedsSleepFive();
        List<Result> oneSlower = new ArrayList<>(base);
        oneSlower.set(2, Fixtures.slower(base.get(2), 4));
        assertThat(Machines.drift(Comparison.of(base, oneSlower, "wall_ms", 5, false))).isEmpty();
        // Every result 1.5 times slower: five of five beyond +5% could still be chance (sign test p = 0.0625) …
        Comparison five = Comparison.of(base, base.stream().map(r -> Fixtures.slower(r, 1.5)).toList(), "wall_ms", 5, false);
        assertThat(five.regressions()).hasSize(5);
        assertThat(Machines.drift(five)).isEmpty();
        // … ten of ten cannot (p = 2/1024): the machine's doing, or a change that touches everything.
        List<Result> ten = new ArrayList<>(base);
        for (int tasks = 1; tasks <= 5; tasks++) {
            ten.add(Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", tasks), Fixtures.JDK25, Fixtures.five(100 * tasks),
                    tasks, 1, 20, null, null));
        }
        Comparison c = Comparison.of(ten, ten.stream().map(r -> Fixtures.slower(r, 1.5)).toList(), "wall_ms", 5, false);
        assertThat(Machines.drift(c)).get().asString()
                .startsWith("10 of 10 results moved beyond ±5% the same way (10 up, 0 down; median ratio ×1.50): the machine's speed");
        // Sign test: 5 of 5 one way is 2 · (1/2)^5 = 0.0625 by chance; 8 of 8 is 2/256 = 0.0078.
        assertThat(Machines.signTestP(5, 5)).isCloseTo(0.0625, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(Machines.signTestP(8, 8)).isCloseTo(2.0 / 256, org.assertj.core.api.Assertions.within(1e-12));
        // 15 up and 10 down is noise in both directions: 2 · P(X ≥ 15 | 25 flips) = 0.42.
        assertThat(Machines.signTestP(15, 25)).isGreaterThan(0.4);
    }

    /** A sleep result of 10,000 tasks whose latencies spread from 300 ms to {@code wallMs}, judged against {@code spec}. */
    private static Result judged(String model, double wallMs, String spec) {
        Result r = Fixtures.ok("sleep", model, Fixtures.params("tasks", 10_000, "sleep", "300ms"), Fixtures.JDK25,
                Fixtures.five(wallMs), 10_000, 300, 40, null, null);
        return r.toBuilder().section(SloVerdict.SECTION, spec == null ? null : Slo.parse(spec).judge(r.metrics())).build();
    }

    @Test
    void aNewSloBreachIsARegressionEvenWithinTheThreshold() {
        // Latencies up to 402 ms meet p99<500ms; up to 600 ms (wall ×1.49) breach it. The wall judged at a 60%
        // threshold is no regression, so only the breach makes one.
        List<Result> base = List.of(judged("virtual", 402, "p99<500ms"), judged("platform:200", 402, "p99<500ms"));
        List<Result> cand = List.of(judged("virtual", 600, "p99<500ms"), judged("platform:200", 402, "p99<500ms"));
        assertThat(cand.get(0).section(SloVerdict.SECTION).orElseThrow().met()).isFalse();
        Comparison c = Comparison.of(base, cand, "wall_ms", 60, false);
        assertThat(c.regressions()).isEmpty();
        assertThat(c.newBreaches()).singleElement().satisfies(ch -> assertThat(ch.key().model()).isEqualTo("virtual"));
        assertThat(c.regressed()).isTrue();
        String md = CompareReport.markdown(c, "a", "b");
        assertThat(md).contains("**1 new SLO breach** (a regression: the baseline met the objective, judged on its own figures): "
                + "sleep virtual tasks=10000 sleep=300ms (Java 25) (SLO p99<500ms breached: p99 ")
                .contains("no change; SLO newly breached |");
    }

    @Test
    void aBreachTheBaselineHadTooIsNoNewBreach() {
        List<Result> base = List.of(judged("virtual", 600, "p99<500ms"));
        List<Result> cand = List.of(judged("virtual", 600, "p99<500ms"));
        Comparison c = Comparison.of(base, cand, "wall_ms", 5, false);
        assertThat(c.newBreaches()).isEmpty();
        assertThat(c.regressed()).isFalse();
        assertThat(CompareReport.verdictLine(c)).isEqualTo("No regression beyond 5% (1 result matched).");
    }

    @Test
    void theBaselineIsJudgedAgainstTheCandidatesObjective() {
        // The baseline recorded no verdict (a run without --slo) yet met p99<500ms: the candidate's breach is new.
        Comparison unjudged = Comparison.of(List.of(judged("virtual", 402, null)), List.of(judged("virtual", 600, "p99<500ms")),
                "wall_ms", 60, false);
        assertThat(unjudged.newBreaches()).hasSize(1);
        // The baseline met a laxer objective but would breach the candidate's stricter one too: not new.
        Comparison stricter = Comparison.of(List.of(judged("virtual", 402, "p99<1s")), List.of(judged("virtual", 402, "p99<300ms")),
                "wall_ms", 5, false);
        assertThat(stricter.newBreaches()).isEmpty();
        assertThat(stricter.regressed()).isFalse();
    }

    /** The baseline against a candidate whose third result is four times slower, judged on wall_ms at 5%. */
    private static Comparison thirdFourTimesSlower(List<Result> base) {
        List<Result> cand = new ArrayList<>(base);
        cand.set(2, Fixtures.slower(base.get(2), 4));
        return Comparison.of(base, cand, "wall_ms", 5, false);
    }
}
