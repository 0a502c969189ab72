package dev.loomlab.report.analysis;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The exact Mann-Whitney U test against hand-counted null distributions. */
class MannWhitneyTest {
    private static final double[] ONE_TO_FIVE = {1, 2, 3, 4, 5};

    @Test
    void fiveAboveFiveOthersIsTwoOf252() {
        // C(10, 5) = 252 equally likely orders; only "all five below" and "all five above" are as extreme.
        assertThat(MannWhitney.p(ONE_TO_FIVE, new double[]{6, 7, 8, 9, 10})).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.p(new double[]{6, 7, 8, 9, 10}, ONE_TO_FIVE)).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.smallestP(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void threeAboveThreeOthersIsOneInTen() {
        // C(6, 3) = 20 orders, two of them separated: 2 · 1/20.
        assertThat(MannWhitney.p(new double[]{60, 64, 75}, new double[]{240, 256, 300})).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.smallestP(3, 3)).isCloseTo(0.1, within(1e-12));
        // C(8, 4) = 70: 2/70 = 0.0286.
        assertThat(MannWhitney.smallestP(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
    }

    @Test
    void smallCasesCountedByHand() {
        // 2 vs 2: the 6 orders give U = 0, 1, 2, 2, 3, 4. {1,2} below {3,4}: U = 4, P(U ≥ 4) = 1/6, p = 2/6.
        assertThat(MannWhitney.p(new double[]{1, 2}, new double[]{3, 4})).isCloseTo(2.0 / 6, within(1e-12));
        // 2 vs 3: U counts 1, 1, 2, 2, 2, 1, 1 for U = 0…6 (10 orders). {1,3} vs {2,4,5}: U = 3 + 2 = 5,
        // P(U ≥ 5) = 2/10, p = 0.4.
        assertThat(MannWhitney.u(new double[]{1, 3}, new double[]{2, 4, 5})).isEqualTo(5);
        assertThat(MannWhitney.p(new double[]{1, 3}, new double[]{2, 4, 5})).isCloseTo(0.4, within(1e-12));
        // 3 vs 3: U counts 1, 1, 2, 3, 3, 3, 3, 2, 1, 1 (20 orders). One pair swapped, {1,2,4} vs {3,5,6}:
        // U = 3 + 3 + 2 = 8, P(U ≥ 8) = 2/20, p = 0.2.
        assertThat(MannWhitney.p(new double[]{1, 2, 4}, new double[]{3, 5, 6})).isCloseTo(0.2, within(1e-12));
        assertThat(MannWhitney.cdf(3, 3, 2)).isCloseTo(4.0 / 20, within(1e-12));
        assertThat(MannWhitney.cdf(3, 3, 4)).isCloseTo(10.0 / 20, within(1e-12));
        // The same samples: U = mn / 2, p = 1.
        assertThat(MannWhitney.p(ONE_TO_FIVE, ONE_TO_FIVE)).isEqualTo(1.0);
    }

    @Test
    void tiesCountOneHalfAndAreReadOnTheConservativeSide() {
        // {1,2} vs {2,3}: U = 2 + 0.5 + 1 = 3.5; P(U ≥ 3) = 2/6, so p = 4/6.
        assertThat(MannWhitney.u(new double[]{1, 2}, new double[]{2, 3})).isEqualTo(3.5);
        assertThat(MannWhitney.p(new double[]{1, 2}, new double[]{2, 3})).isCloseTo(4.0 / 6, within(1e-12));
    }

    @Test
    void theWholeDistributionMatchesEnumeratingEveryOrder() {
        // 6 vs 7: every one of the C(13, 6) = 1,716 ways to pick which ranks are the first sample's.
        int m = 6;
        int n = 7;
        int[] counts = new int[m * n + 1];
        int total = 0;
        for (int mask = 0; mask < 1 << (m + n); mask++) {
            if (Integer.bitCount(mask) != m) {
                continue;
            }
            total++;
            int u = 0;
            int firstSoFar = 0;
            // Walking the ranks upwards: each second-sample rank is above every first-sample rank seen so far.
            for (int rank = 0; rank < m + n; rank++) {
                if ((mask & (1 << rank)) != 0) {
                    firstSoFar++;
                } else {
                    u += firstSoFar;
                }
            }
            counts[u]++;
        }
        assertThat(total).isEqualTo(1716);
        int running = 0;
        for (int u = 0; u <= m * n; u++) {
            running += counts[u];
            assertThat(MannWhitney.cdf(m, n, u)).as("P(U <= %d)", u).isCloseTo((double) running / total, within(1e-12));
            assertThat(MannWhitney.cdf(n, m, u)).isCloseTo((double) running / total, within(1e-12));
        }
    }

    @Test
    void beyondFiftyASideTheNormalApproximationAgreesWithTheExactTest() {
        double[] a = new double[50];
        double[] b = new double[50];
        for (int i = 0; i < 50; i++) {
            a[i] = 2 * i;
            b[i] = 2 * i + 7;
        }
        double exact = MannWhitney.p(a, b);
        double[] a51 = Arrays.copyOf(a, 51);
        double[] b51 = Arrays.copyOf(b, 51);
        a51[50] = 100;
        b51[50] = 107;
        double normal = MannWhitney.p(a51, b51);
        assertThat(MannWhitney.exact(50, 51)).isTrue();
        assertThat(MannWhitney.exact(51, 51)).isFalse();
        // 50 vs 50: 2i < 2j + 7 fails for i − j ≥ 4, Σ(50 − d) over d = 4…49 = 1,081 pairs, so U = 2,500 − 1,081 = 1,419;
        // mean 1,250, sd √(50·50·101/12) = 145.06, z = (169 − 0.5) / 145.06 = 1.1616: p ≈ 2·(1 − Φ(z)) = 0.245.
        NormalDistribution phi = new NormalDistribution();
        assertThat(MannWhitney.u(a, b)).isEqualTo(1419);
        assertThat(exact).isCloseTo(2 * (1 - phi.cumulativeProbability(1.1616)), within(0.005));
        // 51 vs 51: 2,601 − Σ(51 − d) over d = 4…50 = 2,601 − 1,128 = 1,473; mean 1,300.5, sd √(51·51·103/12) = 149.416.
        assertThat(MannWhitney.u(a51, b51)).isEqualTo(1473);
        assertThat(normal).isCloseTo(2 * (1 - phi.cumulativeProbability(172 / 149.416)), within(1e-4));
    }
}
