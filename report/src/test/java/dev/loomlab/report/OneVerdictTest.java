package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.advise.Advice;
import dev.loomlab.report.advise.Advisor;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.compare.Change;
import dev.loomlab.report.compare.CompareReport;
import dev.loomlab.report.compare.Comparison;
import dev.loomlab.report.compare.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The same pair of results given to {@code compare} (the slower as the baseline, the faster as the candidate)
 * and to {@code advise} (the two as models of one experiment) gets the same answer from both: faster beyond
 * noise, within noise, or too few samples to say. Expected figures are worked by hand from the samples.
 */
class OneVerdictTest {
    /** The faster side's model in advise; compare matches both sides under one key, {@link #COMPARED}. */
    private static final String FAST = "virtual";
    private static final String SLOW = "structured";
    private static final String COMPARED = "virtual";

    private static Result result(String model, double... wall) {
        return Fixtures.ok("cpu", model, Fixtures.params("tasks", 10), Fixtures.JDK25, wall, 10, 1, 20, null, null);
    }

    /** compare: {@code slow} as the baseline, {@code fast} as the candidate, at compare's default threshold. */
    private static Change compare(double[] slow, double[] fast) {
        Comparison c = Comparison.of(List.of(result(COMPARED, slow)), List.of(result(COMPARED, fast)), "wall_ms",
                5, false);
        assertThat(c.changes()).hasSize(1);
        return c.changes().get(0);
    }

    /** advise: the two as models of one experiment; its model advice. */
    private static Advice advise(double[] slow, double[] fast) {
        List<Advice> model = Advisor.advise(List.of(result(SLOW, slow), result(FAST, fast))).stream()
                .filter(a -> a.topic().equals("model")).toList();
        assertThat(model).hasSize(1);
        return model.get(0);
    }

    @Test
    void adviseJudgesAtComparesDefaultThreshold() {
        assertThat(Difference.DEFAULT_THRESHOLD_PCT).isEqualTo(5);
    }

    @Test
    void aClearlyFasterResultIsFasterBeyondNoiseToBoth() {
        double[] slow = {200, 201, 202, 203, 204};
        double[] fast = {100, 101, 102, 103, 104};
        // Of the 25 ratios (100 + i) / (200 + j), 102/202 is the 13th: (100 + i)/(200 + j) > 102/202 ⟺ 202i − 102j > 200,
        // true for 12 pairs (i=1: j=0; i=2: j≤1; i=3: j≤3; i=4: all 5), false for 12, equal for (2, 2).
        // At 5 vs 5 the 99% interval spans every ratio (2/252 ≤ 1% < 4/252): 100/204 = 0.4902 to 104/200 = 0.52,
        // wholly below 0.95.
        assertCompared(slow, fast, Verdict.IMPROVED, 102.0 / 202, 100.0 / 204, 104.0 / 200);
        assertThat(CompareReport.rows(Comparison.of(List.of(result(COMPARED, slow)), List.of(result(COMPARED, fast)),
                "wall_ms", 5, false)).get(0)).contains("5 vs 5", "×0.505 [0.490, 0.520]", "improved");

        // 202/102 = 1.98: "2.0× faster".
        Advice a = advise(slow, fast);
        assertThat(a.recommendation()).isEqualTo("Use virtual: 2.0× faster than the next best, structured.");
        assertThat(a.evidence()).contains("virtual / structured wall ms ×0.505 [0.490, 0.520] at 99%, 5 vs 5 samples: faster");
        // 1 / 0.520 = 1.92 to 1 / 0.490 = 2.04 times faster
        assertThat(a.brief()).isEqualTo("Use virtual: 2.0× faster than structured (wall ms, 99% interval 1.92–2.04×)");
    }

    @Test
    void overlappingSamplesAreWithinNoiseToBoth() {
        double[] slow = {102, 103, 104, 105, 106};
        double[] fast = {100, 101, 102, 103, 104};
        // (100 + i) / (102 + j) > 102/104 ⟺ 104i − 102j > 4: 12 pairs above, 12 below, (2, 2) equal: the ratio is
        // 102/104 = 0.981. The interval, 100/106 = 0.943 to 104/102 = 1.02, holds 1: within noise.
        assertCompared(slow, fast, Verdict.NO_CHANGE, 102.0 / 104, 100.0 / 106, 104.0 / 102);

        // Means 102 and 104: virtual ranks first, but is not preferred.
        Advice a = advise(slow, fast);
        assertThat(a.recommendation()).isEqualTo(
                "virtual, structured are within noise of each other here (wall ms): choose among them on other grounds.");
        assertThat(a.evidence()).contains("virtual / structured wall ms ×0.981 [0.943, 1.02] at 99%, 5 vs 5 samples: within noise");
        // the console's line carries the same ratio and interval
        assertThat(a.brief()).isEqualTo("virtual, structured within noise of each other (wall ms ratio 0.981, 99% interval 0.943–1.02)");
    }

    @Test
    void threeSamplesASideAreTooFewToBoth() {
        double[] slow = {200, 201, 202};
        double[] fast = {100, 101, 102};
        // 3 vs 3: the most extreme two-sided p is 2 / C(6, 3) = 0.1 > 1%, so no 99% interval. Of the 9 ratios
        // (100 + i) / (200 + j), 101/201 is the middle one (201i − 101j > 100 for 4 pairs, < for 4, = at (1, 1)).
        Change ch = compare(slow, fast);
        assertThat(ch.verdict()).isEqualTo(Verdict.N_TOO_SMALL);
        assertThat(ch.estimate().ratio()).isCloseTo(101.0 / 201, within(1e-12));
        assertThat(ch.estimate().reachable()).isFalse();

        // 201/101 = 1.99: "2.0×".
        Advice a = advise(slow, fast);
        assertThat(a.recommendation()).isEqualTo("No model is preferred here (wall ms): virtual leads structured by 2.0× "
                + "(the ratio of their iterations), but 3 vs 3 samples are too few for a 99% interval of it: run both with "
                + "at least 5 measured iterations (e.g. --iterations 5).");
        assertThat(a.evidence()).contains(
                "virtual / structured wall ms ×0.502 [no 99% interval], 3 vs 3 samples: too few samples (5 a side needed)");
    }

    /** compare's change from {@code baseline} to {@code candidate}: its verdict, and its ratio and interval by hand. */
    private static void assertCompared(double[] baseline, double[] candidate, Verdict verdict, double ratio, double low,
                                       double high) {
        Change ch = compare(baseline, candidate);
        assertThat(ch.verdict()).isEqualTo(verdict);
        assertThat(ch.estimate().ratio()).isCloseTo(ratio, within(1e-12));
        assertThat(ch.estimate().low()).isCloseTo(low, within(1e-12));
        assertThat(ch.estimate().high()).isCloseTo(high, within(1e-12));
    }
}
