package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;

/**
 * The one place that says which metric is a result's headline figure — its score — the one the tables
 * lead with, efficiency and ratios are taken of, and {@code compare} judges by default. Reported as the
 * mean with its 99.9% confidence interval ({@link dev.loomlab.core.stats.Summary}).
 */
public final class Score {
    private Score() {
    }

    /**
     * The name of {@code r}'s score metric, as its scenario describes it ({@code Result.score}): {@code wall_ms}
     * for most scenarios, {@code throughput_per_s} for web and load, {@code bytes_per_thread} for memory, the
     * JMH score's metric for the microbenchmarks; {@code wall_ms} for a result of the first contract.
     */
    public static String metric(Result r) {
        return r.score() == null ? Metric.WALL_MS.name() : r.score();
    }
}
