package dev.loomlab.report.compare;

/** What became of one result between the baseline and the candidate. */
public enum Verdict {
    /** The whole 99% interval of the ratio lies beyond the threshold on the worse side. */
    REGRESSED("regressed"),
    /** The whole 99% interval of the ratio lies beyond the threshold on the better side. */
    IMPROVED("improved"),
    /** The interval reaches within the threshold: no change shown. */
    UNCHANGED("no change"),
    /** The whole interval lies beyond the threshold on a metric neither way is better of: not a regression. */
    CHANGED("changed"),
    /** Too few samples for a 99% interval at all (e.g. 3 vs 3): not judged, and not a regression. */
    N_TOO_SMALL("n too small"),
    /** Ok in the baseline, failed or invalid in the candidate: counts as a regression. */
    NOW_FAILING("now failing"),
    /** Failed or invalid in the baseline, ok in the candidate. */
    NOW_OK("now ok"),
    /** Not both ok with the metric's samples (e.g. not applicable on either side, or values not positive). */
    NOT_COMPARABLE("not comparable");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** True for the verdicts that make {@code loomlab compare} exit 1. */
    public boolean regression() {
        return this == REGRESSED || this == NOW_FAILING;
    }
}
