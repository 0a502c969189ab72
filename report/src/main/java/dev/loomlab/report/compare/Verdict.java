package dev.loomlab.report.compare;

import java.util.Locale;

/** What became of one result between the baseline and the candidate. */
public enum Verdict {
    /** The whole 99% interval of the ratio lies beyond the threshold on the worse side. */
    REGRESSED,
    /** The whole 99% interval of the ratio lies beyond the threshold on the better side. */
    IMPROVED,
    /** The interval reaches within the threshold: no change shown. */
    NO_CHANGE,
    /** The whole interval lies beyond the threshold on a metric neither way is better of: not a regression. */
    CHANGED,
    /** Too few samples for a 99% interval at all (e.g. 3 vs 3): not judged, and not a regression. */
    N_TOO_SMALL,
    /** Ok in the baseline, failed or invalid in the candidate: counts as a regression. */
    NOW_FAILING,
    /** Failed or invalid in the baseline, ok in the candidate. */
    NOW_OK,
    /** Not both ok with the metric's samples (e.g. not applicable on either side, or values not positive). */
    NOT_COMPARABLE;

    /** The verdict in words, as {@code compare} prints it: its name in lower case, {@code now failing}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** True for the verdicts that make {@code loomlab compare} exit 1. */
    public boolean regression() {
        return this == REGRESSED || this == NOW_FAILING;
    }
}
