package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How a trial or result ended, as the JSON contract spells it. */
public enum Status {
    /** Measured, and every iteration's output validated. */
    OK,
    /**
     * Measured, but an iteration's output was wrong: no figure is reported; or measured by a load generator that fell
     * behind its own schedule ({@link Untrusted}): the figures are kept, and say why.
     */
    INVALID,
    /** The trial crashed, timed out, ran out of memory or threw. */
    FAILED,
    /** The model cannot run this workload, or the scenario cannot run here. */
    NOT_APPLICABLE;

    /** {@code ok}, {@code invalid}, {@code failed}, {@code not_applicable}. */
    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return json();
    }

    /**
     * The status of a result pooled from forks: the first of failed, invalid, not applicable that any
     * fork has, else ok.
     */
    public static final java.util.List<Status> SEVERITY = java.util.List.of(FAILED, INVALID, NOT_APPLICABLE);
}
