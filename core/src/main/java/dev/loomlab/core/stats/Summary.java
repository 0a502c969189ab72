package dev.loomlab.core.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one metric over all measured iterations of a result (every fork pooled, as JMH does),
 * in the metric's own unit. {@code ci999} is the Student-t 99.9% confidence interval of the mean;
 * null with fewer than two samples.
 */
@JsonPropertyOrder({"median", "mean", "min", "max", "stdev", "ci999", "samples"})
public record Summary(double median, double mean, double min, double max, double stdev, double[] ci999,
                      List<Double> samples) {
    private static final double CONFIDENCE = 0.999;

    /** The statistics of {@code samples}; at least one sample. */
    public static Summary of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double mean = Arrays.stream(samples).average().orElseThrow();
        double stdev = 0;
        double[] ci = null;
        if (n > 1) {
            double ss = 0;
            for (double s : samples) {
                ss += (s - mean) * (s - mean);
            }
            stdev = Math.sqrt(ss / (n - 1));
            double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
            double half = t * stdev / Math.sqrt(n);
            ci = new double[]{mean - half, mean + half};
        }
        return new Summary(median, mean, sorted[0], sorted[n - 1], stdev, ci,
                Arrays.stream(samples).boxed().toList());
    }

    /** Half the width of the 99.9% CI, or NaN when there is none. */
    public double ciHalfWidth() {
        return ci999 == null ? Double.NaN : (ci999[1] - ci999[0]) / 2;
    }
}
