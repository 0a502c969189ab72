package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.RatioEstimate;
import dev.loomlab.report.compare.CapacityComparison;
import dev.loomlab.report.compare.Change;
import dev.loomlab.report.compare.CompareReport;
import dev.loomlab.report.compare.Comparison;

import java.util.List;
import java.util.Locale;

/**
 * The HTML page of {@code loomlab compare}: any difference between the machines, the verdict, every
 * matched result's change (the Hodges-Lehmann ratio as a percentage, its 99% interval as a whisker) as a
 * chart, then the table.
 */
public final class CompareHtml {
    private CompareHtml() {
    }

    public static String render(Comparison c, String baseline, String candidate) {
        return render(c, baseline, candidate, List.of());
    }

    /** @param warnings the differences between the two machines, one line each */
    public static String render(Comparison c, String baseline, String candidate, List<String> warnings) {
        ChartSet charts = new ChartSet();
        StringBuilder body = new StringBuilder("<header>\n<h1>loomlab compare</h1>\n<p class=\"lede\">")
                .append(Html.esc(CompareReport.intro(c, baseline, candidate))).append("</p>\n</header>\n<main>\n");
        for (String w : warnings) {
            body.append("<p class=\"warning\">warning: ").append(Html.esc(w)).append("</p>\n");
        }
        body.append("<p class=\"verdict ").append(c.regressed() ? "bad" : "good").append("\">")
                .append(Html.esc(CompareReport.verdictLine(c).replace("**", ""))).append("</p>\n");
        List<String> capacity = CapacityComparison.lines(c);
        if (!capacity.isEmpty()) {
            body.append("<p>Capacity (each search is one sample of the sustainable rate):</p>\n<ul>\n");
            capacity.forEach(line -> body.append("<li>").append(Html.esc(line)).append("</li>\n"));
            body.append("</ul>\n");
        }
        String small = CompareReport.tooSmallLine(c);
        if (!small.isEmpty()) {
            body.append("<p class=\"warning\">").append(Html.esc(small.replace("**", ""))).append("</p>\n");
        }
        List<Change> measured = c.changes().stream().filter(ch -> ch.estimate() != null).toList();
        if (!measured.isEmpty()) {
            body.append(charts.add(spec(c, measured), "wide"));
        }
        boolean[] numeric = {false, false, false, false, true, true, true, true, true, false};
        body.append(Html.table(CompareReport.HEADER, CompareReport.rows(c), numeric));
        if (!c.onlyInBaseline().isEmpty() || !c.onlyInCandidate().isEmpty()) {
            body.append("<p class=\"note\">Unmatched: ").append(c.onlyInBaseline().size()).append(" only in the baseline, ")
                    .append(c.onlyInCandidate().size()).append(" only in the candidate (listed in the Markdown on stdout).</p>\n");
        }
        body.append("</main>\n");
        return HtmlPage.render("loomlab compare", body.toString(), charts);
    }

    /**
     * {@code values}: (ratio − 1) × 100; {@code lows}, {@code highs}: the interval's bounds the same way
     * (null where the sizes are too small for one); {@code tips}: the ratio, interval and p as text.
     */
    private static ObjectNode spec(Comparison c, List<Change> measured) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "changes");
        String metrics = String.join(", ", c.metrics().stream().map(Metrics::label).toList());
        spec.put("title", "change in " + metrics + ", candidate vs baseline: Hodges-Lehmann ratio − 1 (%) with its "
                + Comparison.CONFIDENCE_PCT + "% CI");
        spec.put("threshold", c.thresholdPct());
        ArrayNode cats = spec.putArray("categories");
        ArrayNode values = spec.putArray("values");
        ArrayNode lows = spec.putArray("lows");
        ArrayNode highs = spec.putArray("highs");
        ArrayNode verdicts = spec.putArray("verdicts");
        ArrayNode tips = spec.putArray("tips");
        for (Change ch : measured) {
            RatioEstimate e = ch.estimate();
            cats.add(ch.key().label());
            values.add(pct(e.ratio()));
            if (e.reachable()) {
                lows.add(pct(e.low()));
                highs.add(pct(e.high()));
            } else {
                lows.addNull();
                highs.addNull();
            }
            verdicts.add(ch.verdict().name().toLowerCase(Locale.ROOT));
            tips.add(Metrics.label(ch.metric()) + " " + e.describe() + " (" + e.level() + " CI), p = "
                    + String.format(Locale.ROOT, "%.2g", e.p()) + ", " + e.m() + " vs " + e.n() + " samples · "
                    + ch.verdict().text());
        }
        return spec;
    }

    private static double pct(double ratio) {
        return (ratio - 1) * 100;
    }
}
