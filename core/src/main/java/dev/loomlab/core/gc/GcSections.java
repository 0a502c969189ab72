package dev.loomlab.core.gc;

import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.stats.GcPauseSummary;

/**
 * What a result tells of its garbage collector, read from the GC logs of its trial JVMs (or of the server under
 * test): two sections, written as {@code null} when the result has no GC figures (not ok, in-process, a log or span
 * that could not be read).
 */
public final class GcSections {
    /** The collector the GC log names, e.g. {@code G1}. */
    public static final ResultSection.Value<String> COLLECTOR = ResultSection.nullable("gc_collector", String.class);
    /** The stop-the-world pauses inside the measured iterations of every fork, ms. */
    public static final ResultSection.Value<GcPauseSummary> PAUSE_MS = ResultSection.nullable("gc_pause_ms",
            GcPauseSummary.class);

    private GcSections() {
    }
}
