package dev.loomlab.report.compare;

/** What became of one result between the baseline and the candidate. */
public enum Verdict {
    /** Worse beyond the threshold, and significantly. */
    REGRESSED("regressed"),
    /** Better beyond the threshold, and significantly. */
    IMPROVED("improved"),
    /** Within the threshold, or not significant. */
    UNCHANGED("no significant change"),
    /** Ok in the baseline, failed or invalid in the candidate: counts as a regression. */
    NOW_FAILING("now failing"),
    /** Failed or invalid in the baseline, ok in the candidate. */
    NOW_OK("now ok"),
    /** Not both ok with the metric (e.g. not applicable on either side). */
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
