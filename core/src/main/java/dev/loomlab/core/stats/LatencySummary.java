package dev.loomlab.core.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.HdrHistogram.Histogram;

/**
 * Task latency (submit → done) percentiles in ms, from the HdrHistogram of every measured task of every
 * iteration and fork.
 *
 * @param count tasks recorded
 */
@JsonPropertyOrder({"p50", "p90", "p99", "p999", "max", "mean", "count"})
public record LatencySummary(double p50, double p90, double p99, double p999, double max, double mean, long count) {

    /** Percentiles of a histogram recorded in ns. */
    public static LatencySummary of(Histogram nanos) {
        return new LatencySummary(ms(nanos.getValueAtPercentile(50)), ms(nanos.getValueAtPercentile(90)),
                ms(nanos.getValueAtPercentile(99)), ms(nanos.getValueAtPercentile(99.9)), ms(nanos.getMaxValue()),
                nanos.getMean() / 1e6, nanos.getTotalCount());
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
