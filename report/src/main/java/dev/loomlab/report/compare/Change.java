package dev.loomlab.report.compare;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.report.analysis.RatioEstimate;

import java.util.Optional;

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

    /**
     * The candidate's SLO verdict when it breached an objective the baseline met — a regression. The baseline
     * is judged again, from its own figures, against the candidate's objective, so that a changed {@code --slo}
     * neither makes a new breach nor hides one; empty when the candidate met its objective, had none, or the
     * baseline breached it too (or is not ok: a result that measured nothing cannot have met it).
     */
    public Optional<SloVerdict> newBreach() {
        SloVerdict now = candidate.section(SloVerdict.SECTION).orElse(null);
        if (now == null || now.met() || !baseline.ok()) {
            return Optional.empty();
        }
        boolean metBefore;
        try {
            metBefore = Slo.parse(now.spec()).judge(baseline.metrics()).met();
        } catch (BadInputException unreadable) {
            // A spec this version cannot read (a hand-edited file): only the baseline's own verdict of it can tell.
            metBefore = baseline.section(SloVerdict.SECTION)
                    .filter(before -> before.spec().equals(now.spec()) && before.met()).isPresent();
        }
        return metBefore ? Optional.of(now) : Optional.empty();
    }
}
