package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;

/**
 * The one place that says which metric is a result's headline figure — its score — the one the tables
 * lead with, efficiency and ratios are taken of, and {@code compare} judges by default. Reported as the
 * mean with its 99.9% confidence interval ({@link dev.loomlab.core.stats.Summary}).
 */
public final class Score {
    private Score() {
    }

    /** The name of {@code r}'s score metric: {@code wall_ms} for every result today. */
    public static String metric(Result r) {
        return Metrics.WALL;
    }
}
