package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.report.compare.Change;
import dev.loomlab.report.compare.CompareReport;
import dev.loomlab.report.compare.Comparison;

import java.util.List;

/** The HTML page of {@code loomlab compare}: the change of every matched result as a chart, then the table. */
public final class CompareHtml {
    private CompareHtml() {
    }

    public static String render(Comparison c, String baseline, String candidate) {
        ChartSet charts = new ChartSet();
        StringBuilder body = new StringBuilder("<header>\n<h1>loomlab compare</h1>\n<p class=\"lede\">")
                .append(Html.esc(CompareReport.intro(c, baseline, candidate))).append("</p>\n</header>\n<main>\n");
        body.append("<p class=\"verdict ").append(c.regressed() ? "bad" : "good").append("\">")
                .append(Html.esc(CompareReport.verdictLine(c).replace("**", ""))).append("</p>\n");
        List<Change> measured = c.changes().stream().filter(ch -> ch.changePct() != null).toList();
        if (!measured.isEmpty()) {
            body.append(charts.add(spec(c, measured), "wide"));
        }
        boolean[] numeric = {false, false, false, false, true, true, true, false, false};
        body.append(Html.table(CompareReport.HEADER, CompareReport.rows(c), numeric));
        if (!c.onlyInBaseline().isEmpty() || !c.onlyInCandidate().isEmpty()) {
            body.append("<p class=\"note\">Unmatched: ").append(c.onlyInBaseline().size()).append(" only in the baseline, ")
                    .append(c.onlyInCandidate().size()).append(" only in the candidate (listed in the Markdown on stdout).</p>\n");
        }
        body.append("</main>\n");
        return HtmlPage.render("loomlab compare", body.toString(), charts);
    }

    private static ObjectNode spec(Comparison c, List<Change> measured) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "changes");
        spec.put("title", "change in median " + c.metric() + " (candidate vs baseline, %)");
        spec.put("threshold", c.thresholdPct());
        ArrayNode cats = spec.putArray("categories");
        ArrayNode values = spec.putArray("values");
        ArrayNode verdicts = spec.putArray("verdicts");
        for (Change ch : measured) {
            cats.add(ch.key().label());
            values.add(ch.changePct());
            verdicts.add(ch.verdict().name().toLowerCase(java.util.Locale.ROOT));
        }
        return spec;
    }
}
