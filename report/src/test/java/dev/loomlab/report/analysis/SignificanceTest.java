package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Significance for the advice: each mean outside the other's 99.9% CI, or the exact Mann-Whitney test. */
class SignificanceTest {
    @Test
    void theSameSamplesAreNotSignificant() {
        Summary a = Summary.of(new double[]{100, 104, 97});
        Significance s = Significance.of(a, a);
        assertThat(s.significant()).isFalse();
        assertThat(s.outsideBothCis()).isFalse();
        assertThat(s.mannWhitneyP()).isEqualTo(1.0);
    }

    @Test
    void threeSamplesAllAboveThreeOthersAreNotEnoughForTheExactTest() {
        // Wide CIs (t = 31.6 at three samples) overlap; the exact test's smallest p at 3 vs 3 is 2/20 = 0.1.
        Summary base = Summary.of(new double[]{60, 64, 75});
        Summary cand = Summary.of(new double[]{240, 256, 300});
        Significance s = Significance.of(base, cand);
        assertThat(s.outsideBothCis()).isFalse();
        assertThat(s.mannWhitneyP()).isCloseTo(0.1, within(1e-12));
        assertThat(s.significant()).isFalse();
        assertThat(s.describe()).isEqualTo("99.9% CIs of the means overlap, exact Mann-Whitney p = 0.10");
    }

    @Test
    void fiveSamplesAllAboveFiveOthersAre() {
        Significance s = Significance.of(Summary.of(new double[]{60, 64, 75, 61, 70}),
                Summary.of(new double[]{80, 95, 77, 90, 85}));
        assertThat(s.mannWhitneyP()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(s.significant()).isTrue();
    }

    @Test
    void tightSamplesFarApartAreOutsideBothIntervals() {
        // Means 100.5 and 200, each CI ± 31.6 · 0.5 / √3 = 9.1 and ± 31.6 · 1 / √3 = 18.2.
        Significance s = Significance.of(Summary.of(new double[]{100, 100.5, 101}), Summary.of(new double[]{200, 201, 199}));
        assertThat(s.outsideBothCis()).isTrue();
        assertThat(s.significant()).isTrue();
        assertThat(s.describe()).startsWith("each mean outside the other's 99.9% CI");
    }

    @Test
    void oneSampleASideHasNoIntervalAndTheTestCannotTell() {
        Significance s = Significance.of(Summary.of(new double[]{100}), Summary.of(new double[]{400}));
        assertThat(s.outsideBothCis()).isFalse();
        assertThat(s.mannWhitneyP()).isEqualTo(1.0);
        assertThat(s.significant()).isFalse();
        assertThat(s.describe()).contains("no 99.9% CI below 3 samples");
    }
}
