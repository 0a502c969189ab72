package dev.loomlab.report.compare;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.analysis.Significance;

/**
 * One result matched across two runs.
 *
 * @param changePct (candidate − baseline) / baseline × 100 of the metric's median; null when not comparable
 * @param significance null when not comparable
 */
public record Change(ResultKey key, Result baseline, Result candidate, Double baselineMedian, Double candidateMedian,
                     Double changePct, Significance significance, Verdict verdict) {
}
