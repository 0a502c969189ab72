package dev.loomlab.report.analysis;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The Hodges-Lehmann ratio and its exact interval, on hand-worked samples. */
class RatioEstimateTest {
    @Test
    void theEstimateIsTheMedianOfThePairwiseRatios() {
        // log2 of candidate {2, 4, 8} minus log2 of baseline {1, 2, 4}: -1, 0, 0, 1, 1, 1, 2, 2, 3; median 1, ratio 2.
        RatioEstimate e = RatioEstimate.of(new double[]{1, 2, 4}, new double[]{2, 4, 8}, 0.99);
        assertThat(e.ratio()).isCloseTo(2.0, within(1e-12));
        // Two pairwise ratios, 30/10 = 3 and 30/20 = 1.5: the median of their logs is the geometric mean √4.5.
        assertThat(RatioEstimate.of(new double[]{10, 20}, new double[]{30}, 0.99).ratio()).isCloseTo(Math.sqrt(4.5), within(1e-12));
    }

    @Test
    void threeVersusThreeCannotReachNinetyNinePercent() {
        RatioEstimate e = RatioEstimate.of(new double[]{60, 64, 75}, new double[]{240, 256, 300}, 0.99);
        assertThat(e.reachable()).isFalse();
        assertThat(e.low()).isNaN();
        assertThat(e.p()).isCloseTo(0.1, within(1e-12));
        assertThat(RatioEstimate.of(new double[]{1, 2, 3, 4}, new double[]{5, 6, 7, 8}, 0.99).reachable()).as("2/70 > 1%").isFalse();
        // 2/252 = 0.0079 ≤ 1%: five a side is the fewest.
        assertThat(RatioEstimate.samplesNeeded(0.99)).isEqualTo(5);
        assertThat(RatioEstimate.samplesNeeded(0.95)).as("2/70 = 0.029 ≤ 5%, 2/20 = 0.1 is not").isEqualTo(4);
    }

    @Test
    void atFiveASideTheIntervalSpansEveryPairwiseRatio() {
        // k = 1: 2·P(U ≤ 0) = 2/252 ≤ 1% but 2·P(U ≤ 1) = 4/252 is not. The candidate is exactly twice the baseline.
        double[] base = {100, 101, 102, 103, 104};
        double[] cand = {200, 202, 204, 206, 208};
        RatioEstimate e = RatioEstimate.of(base, cand, 0.99);
        assertThat(e.reachable()).isTrue();
        assertThat(e.ratio()).isCloseTo(2.0, within(1e-12));
        assertThat(e.low()).isCloseTo(200.0 / 104, within(1e-12));
        assertThat(e.high()).isCloseTo(208.0 / 100, within(1e-12));
        assertThat(e.p()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(e.describe()).isEqualTo("×2.00 [1.92, 2.08]");
    }

    @Test
    void atTenASideTheIntervalDropsTheSixteenMostExtremeRatiosAtEachEnd() {
        // Tables of the Mann-Whitney U test give 16 as the two-sided 1% critical value for 10 vs 10:
        // P(U ≤ 16) ≤ 0.005 < P(U ≤ 17), so the interval runs from the 17th to the 84th of the 100 sorted ratios.
        assertThat(RatioEstimate.lowerRank(10, 10, 0.01)).isEqualTo(17);
        double[] base = new double[10];
        double[] cand = new double[10];
        for (int i = 0; i < 10; i++) {
            base[i] = 100 + 3 * i;
            cand[i] = 120 + 5 * i;
        }
        double[] logs = new double[100];
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                logs[10 * i + j] = Math.log(cand[j] / base[i]);
            }
        }
        Arrays.sort(logs);
        RatioEstimate e = RatioEstimate.of(base, cand, 0.99);
        assertThat(e.low()).isCloseTo(Math.exp(logs[16]), within(1e-12));
        assertThat(e.high()).isCloseTo(Math.exp(logs[83]), within(1e-12));
        assertThat(e.ratio()).isCloseTo(Math.exp((logs[49] + logs[50]) / 2), within(1e-12));
    }

    @Test
    void aRatioNeedsPositiveValues() {
        assertThatThrownBy(() -> RatioEstimate.of(new double[]{0, 1, 2}, new double[]{1, 2, 3}, 0.99))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
