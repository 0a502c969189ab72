package dev.loomlab.report.compare;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.analysis.RatioEstimate;

/**
 * One result matched across two runs.
 *
 * @param metric the metric judged
 * @param baselineMean the metric's mean in the baseline; null without it
 * @param candidateMean the metric's mean in the candidate; null without it
 * @param estimate candidate / baseline (Hodges-Lehmann, its interval, the exact Mann-Whitney p); null when
 *                 not comparable
 * @param note why it was not judged (not comparable), else null
 */
public record Change(ResultKey key, Result baseline, Result candidate, String metric, Double baselineMean,
                     Double candidateMean, RatioEstimate estimate, Verdict verdict, String note) {

    /** The estimated change in percent, (ratio − 1) × 100; null when not comparable. */
    public Double changePct() {
        return estimate == null ? null : (estimate.ratio() - 1) * 100;
    }
}
