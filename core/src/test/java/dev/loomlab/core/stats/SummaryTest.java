package dev.loomlab.core.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {

    @Test
    void studentTConfidenceIntervalOfThreeSamples() {
        Summary s = Summary.of(new double[]{3, 1, 2});
        assertThat(s.median()).isEqualTo(2);
        assertThat(s.mean()).isEqualTo(2);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(3);
        assertThat(s.stdev()).isEqualTo(1.0, within(1e-12));
        // t(0.9995, df = 2) = 31.5991; half-width = t · s / √n
        double half = 31.5991 / Math.sqrt(3);
        assertThat(s.ci999()[0]).isEqualTo(2 - half, within(1e-3));
        assertThat(s.ci999()[1]).isEqualTo(2 + half, within(1e-3));
        assertThat(s.samples()).containsExactly(3.0, 1.0, 2.0);
    }

    @Test
    void oneSampleHasNoInterval() {
        Summary s = Summary.of(new double[]{5});
        assertThat(s.ci999()).isNull();
        assertThat(s.ciHalfWidth()).isNaN();
        assertThat(s.median()).isEqualTo(5);
    }

    @Test
    void evenCountMedianIsTheMiddlePairsMean() {
        assertThat(Summary.of(new double[]{4, 1, 3, 2}).median()).isEqualTo(2.5);
    }
}
