package dev.loomlab.cli.doctor;

import java.util.Locale;

/** How a machine check came out, for the plan it was judged against. */
public enum CheckStatus {
    /** The machine gives what the plan needs. */
    OK,
    /** A fact to know; nothing in the plan depends on it, or it cannot be read here. */
    INFO,
    /** The plan runs, but its figures may be affected. */
    WARN,
    /** The plan cannot run as asked here. */
    FAIL;

    /** As the output and the JSON spell it: {@code ok}, {@code info}, {@code warn}, {@code fail}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
