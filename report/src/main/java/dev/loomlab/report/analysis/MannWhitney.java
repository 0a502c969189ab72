package dev.loomlab.report.analysis;

import org.apache.commons.math3.distribution.NormalDistribution;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Mann-Whitney U test, exact: the null distribution of U for the sample sizes at hand is counted, not
 * approximated — the number of ways m of m + n ranks sum to each U, the coefficients of the Gaussian
 * binomial {@code [m+n choose m]_q}, computed exactly with big integers. Only when both samples have more
 * than {@value #EXACT_MAX} values is the normal approximation used (with the tie correction).
 *
 * <p>U counts the pairs (x from the first sample, y from the second) with x &lt; y, a tie counting one
 * half. Ties are rare in timings; where there are some, the tail probabilities are read at the nearest
 * whole U on the conservative side (the exact distribution assumes no ties).
 */
public final class MannWhitney {
    /** Up to this many values in the smaller sample … or either: exact; both larger: normal approximation. */
    public static final int EXACT_MAX = 50;

    private static final Map<Long, double[]> CDF = new ConcurrentHashMap<>();

    private MannWhitney() {
    }

    /** The pairs (x, y) with x &lt; y, ties counting one half. */
    public static double u(double[] x, double[] y) {
        double u = 0;
        for (double a : x) {
            for (double b : y) {
                u += a < b ? 1 : a == b ? 0.5 : 0;
            }
        }
        return u;
    }

    /** True when both samples are small enough for the exact distribution. */
    public static boolean exact(int m, int n) {
        return m <= EXACT_MAX || n <= EXACT_MAX;
    }

    /** The two-sided p-value of the test that {@code x} and {@code y} come from the same distribution. */
    public static double p(double[] x, double[] y) {
        int m = x.length;
        int n = y.length;
        if (m == 0 || n == 0) {
            throw new IllegalArgumentException("a sample is empty");
        }
        double u = u(x, y);
        if (!exact(m, n)) {
            return normalP(x, y, u);
        }
        // P(U ≤ u) and P(U ≥ u), a half-integer u (ties) read on the conservative side.
        double lower = cdf(m, n, (int) Math.ceil(u));
        double upper = cdf(m, n, m * n - (int) Math.floor(u));
        return Math.min(1, 2 * Math.min(lower, upper));
    }

    /** The smallest two-sided p the exact test can give for these sizes: 2 / C(m + n, m). */
    public static double smallestP(int m, int n) {
        return Math.min(1, 2 * cdf(m, n, 0));
    }

    /**
     * P(U ≤ u) under the null hypothesis, exact ({@link #exact} sizes only): U is symmetric about mn / 2,
     * so P(U ≥ u) is {@code cdf(m, n, m·n − u)}.
     */
    public static double cdf(int m, int n, int u) {
        if (u < 0) {
            return 0;
        }
        if (u >= m * n) {
            return 1;
        }
        return distribution(m, n)[u];
    }

    /** P(U ≤ u) for u = 0 … m·n: the running sums of the Gaussian binomial's coefficients over C(m + n, m). */
    private static double[] distribution(int m, int n) {
        int small = Math.min(m, n);
        int large = Math.max(m, n);
        if (!exact(small, large)) {
            throw new IllegalArgumentException(m + " vs " + n + " samples: beyond the exact distribution");
        }
        return CDF.computeIfAbsent(((long) small << 32) | large, k -> count(small, large));
    }

    private static double[] count(int m, int n) {
        int top = m * n;
        BigInteger[] c = new BigInteger[top + 1];
        Arrays.fill(c, BigInteger.ZERO);
        c[0] = BigInteger.ONE;
        // [n+m choose m]_q = ∏_{i=1..m} (1 − q^(n+i)) / (1 − q^i); coefficients above m·n are never needed.
        for (int i = 1; i <= m; i++) {
            int shift = n + i;
            for (int k = top; k >= shift; k--) {
                c[k] = c[k].subtract(c[k - shift]);
            }
            for (int k = i; k <= top; k++) {
                c[k] = c[k].add(c[k - i]);
            }
        }
        BigDecimal total = new BigDecimal(binomial(m + n, m));
        double[] cdf = new double[top + 1];
        BigInteger running = BigInteger.ZERO;
        for (int k = 0; k <= top; k++) {
            running = running.add(c[k]);
            cdf[k] = new BigDecimal(running).divide(total, MathContext.DECIMAL64).doubleValue();
        }
        return cdf;
    }

    static BigInteger binomial(int n, int k) {
        BigInteger b = BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            b = b.multiply(BigInteger.valueOf(n - k + i)).divide(BigInteger.valueOf(i));
        }
        return b;
    }

    /** The normal approximation with continuity and tie correction, for two samples of more than 50. */
    private static double normalP(double[] x, double[] y, double u) {
        int m = x.length;
        int n = y.length;
        double[] all = new double[m + n];
        System.arraycopy(x, 0, all, 0, m);
        System.arraycopy(y, 0, all, m, n);
        Arrays.sort(all);
        double ties = 0;
        for (int i = 0; i < all.length; ) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            ties += t * t * t - t;
            i = j;
        }
        double total = m + n;
        double variance = m * (double) n / 12 * ((total + 1) - ties / (total * (total - 1)));
        if (variance <= 0) {
            return 1;
        }
        double z = (Math.abs(u - m * (double) n / 2) - 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * (1 - new NormalDistribution().cumulativeProbability(Math.max(0, z))));
    }
}
