package dev.loomlab.report;

import dev.loomlab.core.gc.GcSections;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.GcPauseSummary;

/**
 * A result's GC line for the notes cell, from its {@code gc_pause_ms} and {@code gc_collector}:
 * {@code gc 12 pauses (2 full), p99 3.10 ms, max 4.00 ms, G1}. The full pauses are named when there are
 * any, since they are the ones that hurt.
 */
public final class GcNote {
    private GcNote() {
    }

    /** The line; null when the result has no GC figures (in-process, JMH, not ok). */
    public static String of(Result r) {
        GcPauseSummary s = r.section(GcSections.PAUSE_MS).orElse(null);
        if (s == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("gc ").append(s.count()).append(s.count() == 1 ? " pause" : " pauses");
        GcPauseSummary.Kind full = s.kind(GcPause.Kind.FULL);
        if (full != null) {
            sb.append(" (").append(full.count()).append(" full)");
        }
        if (s.count() > 0) {
            sb.append(", p99 ").append(Fmt.num(s.p99())).append(" ms, max ").append(Fmt.num(s.max())).append(" ms");
        }
        r.section(GcSections.COLLECTOR).ifPresent(c -> sb.append(", ").append(c));
        return sb.toString();
    }
}
