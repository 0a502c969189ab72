package dev.loomlab.report.analysis;

import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.Arrays;
import java.util.Locale;

/**
 * How many times larger a candidate's values are than a baseline's, distribution-free: the Hodges-Lehmann
 * estimate of the ratio — the median of every pairwise log difference log(c) − log(b), exponentiated —
 * with its exact confidence interval (Moses / Bauer, from the Mann-Whitney U distribution of
 * {@link MannWhitney}) and the two-sided exact Mann-Whitney p-value.
 *
 * <p>With the m·n pairwise differences sorted, D(1) ≤ … ≤ D(mn), the interval [D(k), D(mn + 1 − k)] covers
 * the true shift with probability 1 − 2·P(U ≤ k − 1); k is the largest whole number that keeps that at the
 * confidence asked for. When even k = 1 (every difference inside) cannot reach it — 2 / C(m + n, m) is above
 * 1 − confidence, e.g. 3 vs 3 or 4 vs 4 samples at 99% — the sizes are too small: {@link #reachable()} is
 * false and the bounds are NaN.
 *
 * @param ratio the Hodges-Lehmann estimate of candidate / baseline
 * @param low the interval's lower bound, NaN when not reachable
 * @param high the interval's upper bound, NaN when not reachable
 * @param p the two-sided Mann-Whitney p-value (exact up to {@value MannWhitney#EXACT_MAX} a side)
 * @param m baseline samples
 * @param n candidate samples
 * @param confidence the interval's confidence, e.g. 0.99
 */
public record RatioEstimate(double ratio, double low, double high, double p, int m, int n, double confidence) {

    /**
     * @param baseline positive values, at least one
     * @param candidate positive values, at least one
     * @throws IllegalArgumentException when a value is not positive (a ratio of logs needs positive values)
     */
    public static RatioEstimate of(double[] baseline, double[] candidate, double confidence) {
        int m = baseline.length;
        int n = candidate.length;
        if (m == 0 || n == 0) {
            throw new IllegalArgumentException("a sample is empty");
        }
        if (Arrays.stream(baseline).anyMatch(v -> !(v > 0)) || Arrays.stream(candidate).anyMatch(v -> !(v > 0))) {
            throw new IllegalArgumentException("a ratio needs positive values");
        }
        double[] d = new double[m * n];
        int i = 0;
        for (double b : baseline) {
            for (double c : candidate) {
                d[i++] = Math.log(c) - Math.log(b);
            }
        }
        Arrays.sort(d);
        int total = d.length;
        double median = total % 2 == 1 ? d[total / 2] : (d[total / 2 - 1] + d[total / 2]) / 2;
        int k = lowerRank(m, n, 1 - confidence);
        double low = k < 1 ? Double.NaN : Math.exp(d[k - 1]);
        double high = k < 1 ? Double.NaN : Math.exp(d[total - k]);
        return new RatioEstimate(Math.exp(median), low, high, MannWhitney.p(baseline, candidate), m, n, confidence);
    }

    /**
     * The rank k of the interval's lower bound among the m·n sorted differences (1-based): the largest with
     * 2·P(U ≤ k − 1) ≤ alpha, or 0 when none is (the sizes cannot reach 1 − alpha).
     */
    static int lowerRank(int m, int n, double alpha) {
        if (!MannWhitney.exact(m, n)) {
            double mn = m * (double) n;
            double z = new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2);
            int k = (int) Math.floor(mn / 2 - z * Math.sqrt(mn * (m + n + 1) / 12.0));
            return Math.max(k, 0);
        }
        int k = 0;
        // Tolerance for the rounding of P(U ≤ u) to a double, so 2/252 counts as within 1% exactly as on paper.
        while (k < m * n && 2 * MannWhitney.cdf(m, n, k) <= alpha * (1 + 1e-9)) {
            k++;
        }
        return k;
    }

    /** True when the sizes allow an interval at this confidence. */
    public boolean reachable() {
        return !Double.isNaN(low);
    }

    /** The smallest number of samples a side with which an interval at {@code confidence} is reachable. */
    public static int samplesNeeded(double confidence) {
        int k = 1;
        while (MannWhitney.smallestP(k, k) > (1 - confidence) * (1 + 1e-9)) {
            k++;
        }
        return k;
    }

    /** {@code ×1.31 [1.12, 1.52]} or, not reachable, {@code ×1.31 [no 99% interval]}. */
    public String describe() {
        return "×" + fmt(ratio) + (reachable() ? " [" + fmt(low) + ", " + fmt(high) + "]" : " [no " + level() + " interval]");
    }

    /** {@code 99%}. */
    public String level() {
        return new java.math.BigDecimal(confidence * 100).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString() + "%";
    }

    /** A ratio: three significant digits, e.g. {@code 1.05}, {@code 4.00}, {@code 0.952}. */
    public static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : v >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
