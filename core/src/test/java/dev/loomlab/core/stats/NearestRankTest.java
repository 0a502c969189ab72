package dev.loomlab.core.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NearestRankTest {
    /** Four values: rank ⌈p/100 × 4⌉, so p50 is the 2nd, p51 the 3rd, p99 the 4th, p0 the 1st. */
    @Test
    void theSmallestValueCoveringTheShare() {
        double[] v = {10, 20, 30, 40};
        assertThat(NearestRank.of(v, 50)).isEqualTo(20);
        assertThat(NearestRank.of(v, 51)).isEqualTo(30);
        assertThat(NearestRank.of(v, 99)).isEqualTo(40);
        assertThat(NearestRank.of(v, 0)).isEqualTo(10);
    }

    @Test
    void noValuesIsRefused() {
        assertThatThrownBy(() -> NearestRank.of(new double[0], 50)).isInstanceOf(IllegalArgumentException.class);
    }
}
