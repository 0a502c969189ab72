package dev.loomlab.prof;

import java.nio.file.Path;

/**
 * A flame graph {@link FlameGraphs} wrote, or why it wrote none.
 *
 * @param kind    what the graph's samples measure
 * @param html    the self-contained page written; null when {@code missing}
 * @param samples the samples drawn (0 when {@code missing})
 * @param missing why no page was written (the recording holds no samples of that kind); null when written
 */
public record FlameGraphPage(SampleKind kind, Path html, long samples, String missing) {

    static FlameGraphPage written(SampleKind kind, Path html, long samples) {
        return new FlameGraphPage(kind, html, samples, null);
    }

    static FlameGraphPage missing(SampleKind kind, String why) {
        return new FlameGraphPage(kind, null, 0, why);
    }

    /** Whether a page was written. */
    public boolean written() {
        return html != null;
    }
}
