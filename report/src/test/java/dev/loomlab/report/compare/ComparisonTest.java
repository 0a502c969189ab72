package dev.loomlab.report.compare;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Matching by scenario, model, params and JDK; a regression is worse beyond the threshold and significant. */
class ComparisonTest {
    @Test
    void aRunComparedWithItselfHasNoRegression() {
        List<Result> run = Fixtures.seedsSleep();
        Comparison c = Comparison.of(run, run, "wall_ms", 5, false);
        assertThat(c.changes()).hasSize(5).allSatisfy(ch -> {
            assertThat(ch.verdict()).isEqualTo(Verdict.UNCHANGED);
            assertThat(ch.changePct()).isZero();
        });
        assertThat(c.regressed()).isFalse();
        assertThat(CompareReport.markdown(c, "a", "b")).contains("No regression beyond 5% (5 results matched).");
    }

    @Test
    void oneResultFourTimesSlowerIsARegressionNamedByItsKey() {
        List<Result> base = Fixtures.seedsSleep();
        List<Result> cand = new ArrayList<>(base);
        cand.set(2, Fixtures.slower(base.get(2), 4));
        Comparison c = Comparison.of(base, cand, "wall_ms", 5, false);
        assertThat(c.regressions()).hasSize(1);
        Change ch = c.regressions().get(0);
        assertThat(ch.key().label()).isEqualTo("sleep platform:500 tasks=10000 sleep=300ms (Java 25)");
        assertThat(ch.changePct()).isEqualTo(300.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(ch.significance().outsideBothCis()).isTrue();
        assertThat(CompareReport.markdown(c, "a", "b"))
                .contains("**1 regression**: sleep platform:500 tasks=10000 sleep=300ms (Java 25) (+300.0%, outside both 99.9% CIs");
    }

    @Test
    void aChangeWithinTheThresholdOrWithinNoiseIsNoRegression() {
        // Tight samples: 4% slower is significant, but within a 5% threshold; beyond a 2% one.
        Result tight = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{100, 100.1, 100.2}, 10, 1, 20, null, null);
        Comparison small = Comparison.of(List.of(tight), List.of(Fixtures.slower(tight, 1.04)), "wall_ms", 5, false);
        assertThat(small.changes().get(0).verdict()).isEqualTo(Verdict.UNCHANGED);
        assertThat(small.changes().get(0).significance().significant()).isTrue();
        Comparison strict = Comparison.of(List.of(tight), List.of(Fixtures.slower(tight, 1.04)), "wall_ms", 2, false);
        assertThat(strict.regressed()).isTrue();

        Result noisy = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{60, 64, 75}, 10, 1, 20, null, null);
        Result noisier = Fixtures.ok("cpu", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{62, 90, 70}, 10, 1, 20, null, null);
        Change ch = Comparison.of(List.of(noisy), List.of(noisier), "wall_ms", 5, false).changes().get(0);
        assertThat(ch.changePct()).isGreaterThan(5);
        assertThat(ch.verdict()).isEqualTo(Verdict.UNCHANGED);
    }

    @Test
    void fasterIsAnImprovementAndThroughputIsBetterHigher() {
        List<Result> base = Fixtures.seedsSleep();
        Comparison faster = Comparison.of(base, List.of(Fixtures.slower(base.get(1), 0.5)), "wall_ms", 5, false);
        assertThat(faster.changes().get(0).verdict()).isEqualTo(Verdict.IMPROVED);
        Comparison throughput = Comparison.of(base, List.of(Fixtures.slower(base.get(1), 0.5)), "throughput_per_s", 5, false);
        // The fixture's throughput did not change: only wall did.
        assertThat(throughput.changes().get(0).verdict()).isEqualTo(Verdict.UNCHANGED);
        Result slowerThroughput = Fixtures.with(base.get(1), "throughput_per_s", 300, 310, 320);
        Comparison lower = Comparison.of(base, List.of(slowerThroughput), "throughput_per_s", 5, false);
        assertThat(lower.changes().get(0).verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void aResultThatFailsOnlyInTheCandidateIsARegression() {
        List<Result> base = Fixtures.seedsSleep();
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
    void resultsOnAnotherJdkMatchOnlyWhenJdksAreIgnored() {
        Result on25 = Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK25, 130, 100.0, null);
        Result on21 = Fixtures.sleep("virtual", 1000, 100, Fixtures.JDK21, 520, 100.0, null);
        assertThat(Comparison.of(List.of(on21), List.of(on25), "wall_ms", 5, false).changes()).isEmpty();
        Comparison upgrade = Comparison.of(List.of(on21), List.of(on25), "wall_ms", 5, true);
        assertThat(upgrade.changes()).hasSize(1);
        assertThat(upgrade.changes().get(0).verdict()).isEqualTo(Verdict.IMPROVED);
    }
}
