package dev.loomlab.core.stats;

import org.apache.commons.math3.distribution.BinomialDistribution;

import java.util.Arrays;
import java.util.Optional;

/**
 * A distribution-free confidence interval for the median of a sample, from its order statistics: the pair
 * (x<sub>(k)</sub>, x<sub>(n+1−k)</sub>) of the sorted values holds the true median with probability
 * P(k ≤ B ≤ n − k) = 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½), whatever the values' distribution — each value lies
 * below the median with probability ½, independently. The interval is the narrowest such pair that covers at least
 * {@link #TARGET}; when even the widest, the smallest and the largest value, covers less (5 values: 1 − 2/32 =
 * 93.75%), it is that pair with the coverage it has. In the values' own unit.
 *
 * @param low      x<sub>(k)</sub>
 * @param high     x<sub>(n+1−k)</sub>
 * @param rank     k, from 1 (the smallest and largest values)
 * @param n        how many values
 * @param coverage the probability the pair holds the median, 0 to 1 (e.g. 0.9375), never rounded up
 */
public record MedianInterval(double low, double high, int rank, int n, double coverage) {
    /** The coverage sought: the narrowest pair with at least this. */
    public static final double TARGET = 0.95;
    /**
     * The fewest values given an interval: 5 values cover 93.75% with their smallest and largest, near enough {@link #TARGET}
     * to be read as one; 4 cover only 87.5%.
     */
    public static final int FEWEST = 5;

    /** The interval for the median of {@code values} (NaN left out); empty with fewer than {@link #FEWEST} values. */
    public static Optional<MedianInterval> of(double... values) {
        double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        int n = sorted.length;
        if (n < FEWEST) {
            return Optional.empty();
        }
        int rank = 1;
        while (rank + 1 <= (n + 1) / 2 && coverage(n, rank + 1) >= TARGET) {
            rank++;
        }
        return Optional.of(new MedianInterval(sorted[rank - 1], sorted[n - rank], rank, n, coverage(n, rank)));
    }

    /** The probability that the k-th smallest and k-th largest of n values enclose their median: 1 − 2·P(B ≤ k − 1). */
    static double coverage(int n, int k) {
        return 1 - 2 * new BinomialDistribution(null, n, 0.5).cumulativeProbability(k - 1);
    }

    /** The coverage as a whole percent for people, to the nearest: 93.75% is {@code 94}, 97.85% {@code 98}. */
    public long coveragePct() {
        return Math.round(100 * coverage);
    }
}
