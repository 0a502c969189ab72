package dev.loomlab.core.outcome;

import dev.loomlab.core.section.ResultSection;

/**
 * Why a measured iteration's figures cannot be trusted though they were measured right: a load generator that fell
 * behind its own schedule, or used up its cores, measured itself as much as its target. Its result is {@code invalid}
 * with this reason and, unlike a result whose output was wrong ({@link TrialOutcome#invalid}), keeps its metrics: the
 * figures that explain the verdict are not lost. The reason becomes the result's {@code error}; the section itself is
 * not written.
 */
public final class Untrusted {
    /** The reason, on the iteration it applies to. */
    public static final ResultSection.Value<String> SECTION = ResultSection.value("untrusted", String.class);

    private Untrusted() {
    }
}
