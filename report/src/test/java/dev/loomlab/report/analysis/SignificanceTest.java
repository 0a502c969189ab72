package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Significance by disjoint CIs or by the Mann-Whitney U test on the samples. */
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
    void threeSamplesAllAboveThreeOthersReachTheTestsSmallestP() {
        // Wide CIs (t = 31.6 at three samples) overlap, but every candidate sample is above every baseline sample.
        Summary base = Summary.of(new double[]{60, 64, 75});
        Summary cand = Summary.of(new double[]{240, 256, 300});
        Significance s = Significance.of(base, cand);
        assertThat(s.outsideBothCis()).isFalse();
        assertThat(s.mannWhitneyP()).isCloseTo(0.0495, within(0.0001));
        assertThat(s.significant()).isTrue();
    }

    @Test
    void interleavedSamplesAreNot() {
        Significance s = Significance.of(Summary.of(new double[]{60, 64, 75}), Summary.of(new double[]{62, 70, 80}));
        assertThat(s.significant()).isFalse();
        assertThat(s.mannWhitneyP()).isGreaterThan(0.05);
    }

    @Test
    void tightSamplesFarApartAreOutsideBothIntervals() {
        Significance s = Significance.of(Summary.of(new double[]{100, 100.5, 101}), Summary.of(new double[]{200, 201, 199}));
        assertThat(s.outsideBothCis()).isTrue();
        assertThat(s.significant()).isTrue();
        assertThat(s.describe()).startsWith("outside both 99.9% CIs");
    }

    @Test
    void oneSampleASideHasNoIntervalAndNoTest() {
        Significance s = Significance.of(Summary.of(new double[]{100}), Summary.of(new double[]{400}));
        assertThat(s.outsideBothCis()).isFalse();
        assertThat(s.mannWhitneyP()).isNull();
        assertThat(s.significant()).isFalse();
        assertThat(s.describe()).contains("too few samples");
    }
}
