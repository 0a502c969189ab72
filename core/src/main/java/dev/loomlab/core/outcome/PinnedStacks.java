package dev.loomlab.core.outcome;

import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * The result section of pinned stacks. Apart from {@link PinnedStack} because the section's key needs Jackson, which
 * the JUnit extension (module {@code junit}, which reports pinned stacks in a user's tests) does not have.
 */
public final class PinnedStacks {
    /**
     * The stacks of a result (or of one iteration) that recorded pinning, most events first, at most
     * {@link PinnedStack#TOP}; {@code []} when nothing pinned, written as {@code null} when the scenario does not
     * record pinning.
     */
    public static final ResultSection.Value<List<PinnedStack>> SECTION = ResultSection.nullableList("pinned_stacks",
            PinnedStack.class);

    private PinnedStacks() {
    }
}
