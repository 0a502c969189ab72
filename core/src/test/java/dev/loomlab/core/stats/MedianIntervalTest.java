package dev.loomlab.core.stats;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The interval for a median from order statistics. Each coverage is worked by hand from the binomial counts:
 * (x_(k), x_(n+1−k)) covers 1 − 2·Σ_{i<k} C(n, i) / 2^n.
 */
class MedianIntervalTest {
    /** 1, 2, …, n in a shuffled order: x_(k) is k. */
    private static double[] oneTo(int n) {
        double[] v = IntStream.rangeClosed(1, n).mapToDouble(i -> i).toArray();
        for (int i = 0; i < n / 2; i++) {
            double t = v[i];
            v[i] = v[n - 1 - i];
            v[n - 1 - i] = t;
        }
        return v;
    }

    @Test
    void fiveValuesGiveTheirSmallestAndLargestAtTheCoverageTheyHave() {
        // k = 1: 1 − 2 × 1/32 = 0.9375, short of 95%, and no pair is wider
        MedianInterval m = MedianInterval.of(26_500, 21_000, 24_100, 23_000, 25_000).orElseThrow();
        assertThat(m.low()).isEqualTo(21_000);
        assertThat(m.high()).isEqualTo(26_500);
        assertThat(m.rank()).isEqualTo(1);
        assertThat(m.n()).isEqualTo(5);
        assertThat(m.coverage()).isCloseTo(0.9375, within(1e-12));
        assertThat(m.coveragePct()).isEqualTo(94);
    }

    /** The interval of 1 … n: x_(rank) to x_(n + 1 − rank), covering {@code coverage}, printed as {@code pct}%. */
    private static void assertInterval(int n, int rank, double coverage, int pct) {
        MedianInterval m = MedianInterval.of(oneTo(n)).orElseThrow();
        assertThat(m.rank()).isEqualTo(rank);
        assertThat(m.low()).isEqualTo(rank);
        assertThat(m.high()).isEqualTo(n + 1 - rank);
        assertThat(m.coverage()).isCloseTo(coverage, within(1e-12));
        assertThat(m.coveragePct()).isEqualTo(pct);
    }

    @Test
    void sixValuesStillNeedTheWidestPair() {
        // k = 1: 1 − 2/64 = 0.96875; k = 2: 1 − 2 × (1 + 6)/64 = 0.78125 < 95%
        assertInterval(6, 1, 62.0 / 64, 97);
    }

    @Test
    void tenValuesGiveTheSecondSmallestAndSecondLargest() {
        // k = 2: 1 − 2 × (1 + 10)/1024 = 0.978515625; k = 3: 1 − 2 × (1 + 10 + 45)/1024 = 0.890625 < 95%
        assertInterval(10, 2, 1 - 22.0 / 1024, 98);
    }

    @Test
    void twentyValuesGiveTheSixthFromEachEnd() {
        // Σ_{i≤5} C(20, i) = 1 + 20 + 190 + 1,140 + 4,845 + 15,504 = 21,700: k = 6 covers 1 − 43,400/1,048,576 = 0.95861;
        // adding C(20, 6) = 38,760 gives 60,460: k = 7 covers 1 − 120,920/1,048,576 = 0.88468 < 95%
        assertInterval(20, 6, 1 - 43_400.0 / 1_048_576, 96);
    }

    @Test
    void fewerThanFiveValuesGiveNone() {
        // 4 values: their smallest and largest cover only 1 − 2/16 = 87.5%
        assertThat(MedianInterval.of(1, 2, 3, 4)).isEmpty();
        assertThat(MedianInterval.of(1, 2, 3, 4, Double.NaN)).isEmpty();
        assertThat(MedianInterval.of()).isEmpty();
    }
}
