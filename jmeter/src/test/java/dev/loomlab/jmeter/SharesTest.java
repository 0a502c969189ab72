package dev.loomlab.jmeter;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Users and rates split over engines sum exactly to what was asked. */
class SharesTest {
    @Test
    void usersSplitAsEvenlyAsTheyCanAndSumExactly() {
        assertThat(Shares.users(21, 2, 0)).isEqualTo(11);
        assertThat(Shares.users(21, 2, 1)).isEqualTo(10);
        assertThat(IntStream.range(0, 3).map(i -> Shares.users(3000, 3, i))).containsExactly(1000, 1000, 1000);
        assertThat(IntStream.range(0, 4).map(i -> Shares.users(2, 4, i))).containsExactly(1, 1, 0, 0);
        for (int total = 0; total < 200; total++) {
            for (int k = 1; k <= 7; k++) {
                int t = total;
                int kk = k;
                int[] shares = IntStream.range(0, k).map(i -> Shares.users(t, kk, i)).toArray();
                assertThat(IntStream.of(shares).sum()).isEqualTo(total);
                assertThat(IntStream.of(shares).max().orElseThrow() - IntStream.of(shares).min().orElseThrow()).isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void aShareGrowsWithTheTotal() {
        // the ramp's steps add each engine's growth: never a negative step
        for (int total = 0; total < 100; total++) {
            for (int i = 0; i < 3; i++) {
                assertThat(Shares.users(total + 1, 3, i)).isGreaterThanOrEqualTo(Shares.users(total, 3, i));
            }
        }
    }

    @Test
    void aRateSplitsEvenly() {
        assertThat(Shares.rate(1000, 4, 3)).isEqualTo(250.0);
        assertThat(Shares.rate(1000, 3, 0) * 3).isCloseTo(1000.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThatThrownBy(() -> Shares.rate(10, 2, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
