package dev.loomlab.core.stats;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one metric over all measured iterations of a result (every fork pooled, as JMH does),
 * in the metric's own unit. The headline pair is the {@code mean} with {@code ci999}, the Student-t
 * 99.9% confidence interval of the mean (JMH's score and error); the {@code median} is descriptive only.
 * {@code ci999} is null with fewer than {@value #MIN_CI_SAMPLES} samples, where JMH gives no error either.
 *
 * <p>A value: two summaries of the same samples are equal.
 *
 * @param ci999 the 99.9% CI of the mean, written as {@code [low, high]}; null below {@value #MIN_CI_SAMPLES} samples
 * @param n how many samples ({@code samples.size()} when they are kept)
 * @param samples every measured iteration's value, in the order measured; may be null in hand-written JSON
 */
@JsonPropertyOrder({"median", "mean", "min", "max", "stdev", "ci999", "n", "samples"})
public record Summary(double median, double mean, double min, double max, double stdev, Interval ci999, int n,
                      List<Double> samples) {
    /** The confidence level of {@link #ci999}. */
    public static final double CONFIDENCE = 0.999;
    /** The fewest samples with an interval (JMH refuses an error for N ≤ 2). */
    public static final int MIN_CI_SAMPLES = 3;

    /**
     * Normalises what JSON written by an older loomlab may hold: {@code n} missing (0) is the number of
     * samples, and an interval below {@link #MIN_CI_SAMPLES} samples is dropped.
     */
    public Summary {
        samples = samples == null ? null : List.copyOf(samples);
        if (n == 0 && samples != null) {
            n = samples.size();
        }
        if (n > 0 && n < MIN_CI_SAMPLES) {
            ci999 = null;
        }
    }

    /** The statistics of {@code samples}; at least one sample. */
    public static Summary of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = Median.of(sorted);
        double mean = Arrays.stream(samples).average().orElseThrow();
        double stdev = 0;
        if (n > 1) {
            double ss = 0;
            for (double s : samples) {
                ss += (s - mean) * (s - mean);
            }
            stdev = Math.sqrt(ss / (n - 1));
        }
        Interval ci = null;
        if (n >= MIN_CI_SAMPLES) {
            double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
            double half = t * stdev / Math.sqrt(n);
            ci = new Interval(mean - half, mean + half);
        }
        return new Summary(median, mean, sorted[0], sorted[n - 1], stdev, ci, n,
                Arrays.stream(samples).boxed().toList());
    }

    /** True when there are enough samples for {@link #ci999}. */
    public boolean hasInterval() {
        return ci999 != null;
    }

    /** Half the width of the 99.9% CI of the mean (JMH's error), or NaN when there is none. */
    public double ciHalfWidth() {
        return ci999 == null ? Double.NaN : (ci999.high() - ci999.low()) / 2;
    }

    /** An interval, written in JSON as the array {@code [low, high]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"low", "high"})
    public record Interval(double low, double high) {
    }
}
