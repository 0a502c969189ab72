package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The one verdict: the ratio's exact 99% interval against 1 ± the threshold, in the metric's better direction. */
class DifferenceTest {
    private static final Summary HUNDREDS = Summary.of(new double[]{100, 101, 102, 103, 104});
    private static final Summary TWO_HUNDREDS = Summary.of(new double[]{200, 202, 204, 206, 208});

    @Test
    void betterIsLowerForTimesAndHigherForRates() {
        // Exactly twice: every pairwise ratio 2 · b_j / b_i, from 2 · 100/104 = 1.92 up, wholly above 1.05.
        Difference time = Difference.of(HUNDREDS, TWO_HUNDREDS, "wall_ms", 5);
        assertThat(time.ratio()).isCloseTo(2.0, within(1e-12));
        assertThat(time.factor()).isCloseTo(2.0, within(1e-12));
        assertThat(time.verdict()).isEqualTo(Difference.Verdict.SLOWER);
        assertThat(Difference.of(HUNDREDS, TWO_HUNDREDS, "throughput_per_s", 5).verdict()).isEqualTo(Difference.Verdict.FASTER);
        assertThat(Difference.of(TWO_HUNDREDS, HUNDREDS, "wall_ms", 5).verdict()).isEqualTo(Difference.Verdict.FASTER);
        assertThat(Difference.of(TWO_HUNDREDS, HUNDREDS, "wall_ms", 5).factor()).isCloseTo(2.0, within(1e-12));
        assertThat(time.describe()).isEqualTo("wall ms ×2.00 [1.92, 2.08] at 99%, 5 vs 5 samples: slower");
    }

    @Test
    void anIntervalReachingIntoTheThresholdIsWithinNoise() {
        // 4% slower, tight: the interval 1.04 · 100 / 100.4 = 1.036 to 1.04 · 100.4 / 100 = 1.044 is above 1.02, not 1.05.
        Summary tight = Summary.of(new double[]{100, 100.1, 100.2, 100.3, 100.4});
        Summary slower = Summary.of(new double[]{104, 104.104, 104.208, 104.312, 104.416});
        assertThat(Difference.of(tight, slower, "wall_ms", 5).verdict()).isEqualTo(Difference.Verdict.WITHIN_NOISE);
        assertThat(Difference.of(tight, slower, "wall_ms", 2).verdict()).isEqualTo(Difference.Verdict.SLOWER);
    }

    @Test
    void fewerThanFiveASideGiveNoVerdict() {
        assertThat(Difference.samplesNeeded()).isEqualTo(5);
        // 4 vs 4: 2 / C(8, 4) = 2/70 = 0.029 > 1%; 4 vs 6: 2 / C(10, 4) = 2/210 = 0.0095 ≤ 1%.
        Summary four = Summary.of(new double[]{100, 101, 102, 103});
        assertThat(Difference.of(four, Summary.of(new double[]{200, 201, 202, 203}), "wall_ms", 5).verdict())
                .isEqualTo(Difference.Verdict.TOO_FEW_SAMPLES);
        assertThat(Difference.of(four, Summary.of(new double[]{200, 201, 202, 203, 204, 205}), "wall_ms", 5).verdict())
                .isEqualTo(Difference.Verdict.SLOWER);
    }

    @Test
    void withoutSamplesOrWithAZeroThereIsNoRatio() {
        Summary noSamples = new Summary(1, 1, 1, 1, 0, null, 3, null);
        assertThat(Difference.unavailable(noSamples, HUNDREDS, "wall_ms")).contains("no wall_ms samples in the baseline");
        assertThat(Difference.unavailable(HUNDREDS, noSamples, "wall_ms", "a", "b")).contains("no wall_ms samples in b");
        assertThat(Difference.unavailable(HUNDREDS, Summary.of(new double[]{0, 1, 2}), "errors"))
                .contains("a value of errors is zero or negative: no ratio");
        assertThat(Difference.unavailable(HUNDREDS, TWO_HUNDREDS, "wall_ms")).isEmpty();
        assertThatThrownBy(() -> Difference.of(noSamples, HUNDREDS, "wall_ms", 5)).isInstanceOf(IllegalArgumentException.class);
    }
}
