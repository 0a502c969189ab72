package dev.loomlab.report;

import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.bench.JmhRun;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;

import java.util.List;
import java.util.Locale;

/**
 * The results a JMH benchmark measured, as JMH states them: score ± error (99.9% CI half-width) in its
 * unit, its mode and settings, and the article's figure in the same unit beside it.
 */
public final class JmhTable {
    private static final List<String> HEADER = List.of("scenario", "model", "params", "jdk", "score ± error", "unit",
            "mode", "forks × (warm-up + measured)", "published");

    private JmhTable() {
    }

    /** The table, or null when no result was measured by JMH. */
    public static TextTable of(List<Result> results) {
        List<Result> jmh = ByJdk.grouped(results).stream().filter(r -> r.ok() && r.section(JmhRun.SECTION).isPresent()).toList();
        if (jmh.isEmpty()) {
            return null;
        }
        TextTable t = new TextTable(HEADER);
        for (Result r : jmh) {
            JmhRun j = r.section(JmhRun.SECTION).orElseThrow();
            t.add(List.of(r.scenario(), r.model(), Fmt.params(r.params()),
                    r.jvm() == null ? "?" : ResultRow.featureOf(r.jvm().version()),
                    Fmt.num(j.score()) + (j.error() == null ? "" : " ± " + Fmt.num(j.error())), j.unit(), j.mode(),
                    String.format(Locale.ROOT, "%d × (%d × %s + %d × %s)", j.forks(), j.warmupIterations(), j.warmupTime(),
                            j.measurementIterations(), j.measurementTime()),
                    published(r)));
        }
        return t;
    }

    /**
     * The article's figure in the unit of the metric it is of, with our mean of that metric beside it,
     * e.g. {@code 2.10 switch_cost_us [003] (our mean 2.28)}.
     */
    static String published(Result r) {
        if (r.published() == null) {
            return "";
        }
        String metric = r.published().metricName();
        Summary ours = ResultRow.summary(r, metric);
        return Fmt.num(r.published().figure()) + " " + metric + " [" + r.published().article() + "]"
                + (ours == null ? "" : " (our mean " + Fmt.num(ours.mean()) + ")");
    }
}
