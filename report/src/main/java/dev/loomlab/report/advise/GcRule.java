package dev.loomlab.report.advise;

import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.GcPauseSummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Article 003's reading of a GC log, on each ok result's pauses inside its measured iterations
 * ({@code gc_pause_ms}) and its allocation rate:
 * <ul>
 *   <li><b>Eden / allocation pressure</b>: at least {@value #YOUNG_PER_S} young (and mixed) pauses per
 *   second of measured time while the model allocates at least {@value #ALLOCATION_MB_PER_S} MB/s (median
 *   of {@code allocation_rate_mb_per_s}) — the young generation fills faster than it can stay out of the
 *   way: allocate less per task, or give the young generation more room;</li>
 *   <li><b>old-generation pressure</b>: any full pause — the whole heap collected while the application
 *   stood still, because the old generation had no room left: the heap is too small for the live data.</li>
 * </ul>
 * For a server under test (web, echo) the pauses are the server's, while the allocation figures are the
 * load side's: only the full-pause reading applies there. Silent on results without GC figures
 * (in-process trials).
 */
final class GcRule implements AdviceRule {
    static final String TOPIC = "gc";
    /** Young pauses per second of measured time from which they count as "many". */
    static final double YOUNG_PER_S = 5;
    /** Allocation rate, MB/s, from which it counts as "high". */
    static final double ALLOCATION_MB_PER_S = 100;
    private static final String YOUNG_PER_S_TEXT = String.format(Locale.ROOT, "%.0f", YOUNG_PER_S);

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<Advice> out = new ArrayList<>();
        List<Result> eden = new ArrayList<>();
        List<Result> old = new ArrayList<>();
        for (Result r : e.ok()) {
            GcPauseSummary gc = r.section(GcSections.PAUSE_MS).orElse(null);
            if (gc == null || measuredSeconds(r) <= 0) {
                continue;
            }
            Double allocation = serverUnderTest(r) ? null : Metrics.median(r, Metric.ALLOCATION_RATE_MB_PER_S);
            if (young(gc) / measuredSeconds(r) >= YOUNG_PER_S && allocation != null && allocation >= ALLOCATION_MB_PER_S) {
                eden.add(r);
            }
            if (gc.kind(GcPause.Kind.FULL) != null) {
                old.add(r);
            }
        }
        if (!eden.isEmpty()) {
            out.add(new Advice(TOPIC, e.scenario(), e.label(), "Eden fills fast: " + models(eden)
                    + " allocate" + (eden.size() == 1 ? "s" : "") + " enough to stop for a young collection "
                    + YOUNG_PER_S_TEXT + " times a second or more. Allocate less per task, or give the young generation"
                    + " more room (a larger -Xmx, or -Xmn / G1's -XX:G1NewSizePercent).",
                    eden.stream().map(GcRule::youngEvidence).toList()));
        }
        if (!old.isEmpty()) {
            out.add(new Advice(TOPIC, e.scenario(), e.label(), "The old generation runs out of room: " + models(old)
                    + " stopped for full collections of the whole heap during measured iterations. The heap is too"
                    + " small for the live data: give it more (-Xmx) or keep less alive.",
                    old.stream().map(GcRule::fullEvidence).toList()));
        }
        return out;
    }

    /** e.g. {@code virtual: 48 young pauses in 2.40 s of measured iterations (20/s, 310 ms in all, 13% of the time), allocating 820 MB/s (median), 1,200 B per task; G1}. */
    private static String youngEvidence(Result r) {
        GcPauseSummary gc = r.section(GcSections.PAUSE_MS).orElseThrow();
        double seconds = measuredSeconds(r);
        double youngMs = total(gc, GcPause.Kind.YOUNG) + total(gc, GcPause.Kind.MIXED);
        StringBuilder sb = new StringBuilder(r.model()).append(": ").append(young(gc)).append(" young pauses in ")
                .append(Figures.num(seconds)).append(" s of measured iterations (").append(Figures.num(young(gc) / seconds))
                .append("/s, ").append(Figures.num(youngMs)).append(" ms in all, ")
                .append(Figures.num(100 * youngMs / (seconds * 1000))).append("% of the time), allocating ")
                .append(Figures.num(Metrics.median(r, Metric.ALLOCATION_RATE_MB_PER_S))).append(" MB/s (median)");
        Double perTask = Metrics.median(r, Metric.ALLOCATED_BYTES_PER_TASK);
        if (perTask != null) {
            sb.append(", ").append(Figures.count(perTask)).append(" B per task");
        }
        return sb.append(collector(r)).toString();
    }

    /** e.g. {@code virtual: 2 full pauses, the longest 121 ms, 237 ms in all (4.5% of 5.20 s measured); peak heap 31.0 MB (median); G1}. */
    private static String fullEvidence(Result r) {
        GcPauseSummary.Kind full = r.section(GcSections.PAUSE_MS).orElseThrow().kind(GcPause.Kind.FULL);
        double seconds = measuredSeconds(r);
        StringBuilder sb = new StringBuilder(r.model()).append(": ").append(full.count())
                .append(full.count() == 1 ? " full pause" : " full pauses").append(", the longest ")
                .append(Figures.num(full.max())).append(" ms, ").append(Figures.num(full.total())).append(" ms in all (")
                .append(Figures.num(100 * full.total() / (seconds * 1000))).append("% of ").append(Figures.num(seconds))
                .append(" s measured)");
        Double heap = serverUnderTest(r) ? null : Metrics.median(r, Metric.PEAK_HEAP_MB);
        if (heap != null) {
            sb.append("; peak heap ").append(Figures.num(heap)).append(" MB (median)");
        }
        return sb.append(collector(r)).toString();
    }

    /** Whether the result's pauses are a server's, whose heap and allocation loomlab does not measure. */
    private static boolean serverUnderTest(Result r) {
        return Metrics.serverUnderTest(r);
    }

    private static String collector(Result r) {
        return r.section(GcSections.COLLECTOR).map(c -> "; " + c).orElse("");
    }

    /** Young and mixed pauses: both collect the young generation. */
    private static int young(GcPauseSummary gc) {
        return count(gc, GcPause.Kind.YOUNG) + count(gc, GcPause.Kind.MIXED);
    }

    private static int count(GcPauseSummary gc, GcPause.Kind kind) {
        return gc.kind(kind) == null ? 0 : gc.kind(kind).count();
    }

    private static double total(GcPauseSummary gc, GcPause.Kind kind) {
        return gc.kind(kind) == null ? 0 : gc.kind(kind).total();
    }

    /** The measured iterations' wall time over every fork, s: the span the pauses were counted in. */
    private static double measuredSeconds(Result r) {
        Summary wall = Metrics.summary(r, Metric.WALL_MS);
        return wall == null ? 0 : wall.mean() * wall.n() / 1000;
    }

    private static String models(List<Result> results) {
        return String.join(", ", results.stream().map(Result::model).toList());
    }
}
