package dev.loomlab.report.compare;

import dev.loomlab.report.TextTable;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Significance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A {@link Comparison} as Markdown: the table of matched results, the regressions by name, the unmatched. */
public final class CompareReport {
    public static final List<String> HEADER = List.of("scenario", "model", "params", "jdk", "baseline", "candidate",
            "change", "significance", "verdict");

    private CompareReport() {
    }

    public static String markdown(Comparison c, String baseline, String candidate) {
        StringBuilder sb = new StringBuilder("# loomlab compare\n\n");
        sb.append(intro(c, baseline, candidate)).append("\n\n");
        TextTable t = new TextTable(HEADER);
        rows(c).forEach(t::add);
        sb.append(t.markdown());
        sb.append('\n').append(verdictLine(c)).append('\n');
        if (!c.onlyInBaseline().isEmpty()) {
            sb.append("\nOnly in the baseline: ").append(String.join("; ",
                    c.onlyInBaseline().stream().map(r -> ResultKey.of(r, false).label()).toList())).append('\n');
        }
        if (!c.onlyInCandidate().isEmpty()) {
            sb.append("\nOnly in the candidate: ").append(String.join("; ",
                    c.onlyInCandidate().stream().map(r -> ResultKey.of(r, false).label()).toList())).append('\n');
        }
        return sb.toString();
    }

    /** What was compared, and what counts as significant. */
    public static String intro(Comparison c, String baseline, String candidate) {
        return "Baseline " + baseline + ", candidate " + candidate + ": " + Metrics.label(c.metric()) + " ("
                + (Metrics.higherIsBetter(c.metric()) ? "higher" : "lower") + " is better), threshold "
                + percent(c.thresholdPct()) + ". A change is significant when each median lies outside the other's 99.9% "
                + "confidence interval or a Mann-Whitney U test on the iteration samples gives p < " + Significance.ALPHA
                + "; a regression is worse beyond the threshold and significant, or a result that failed only in the candidate.";
    }

    /** One row per matched result, in the baseline's order. */
    public static List<List<String>> rows(Comparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (Change ch : c.changes()) {
            ResultKey k = ch.key();
            rows.add(List.of(k.scenario(), k.model(), k.params(), k.jdk(), side(ch.baseline(), ch.baselineMedian(), c.metric()),
                    side(ch.candidate(), ch.candidateMedian(), c.metric()),
                    ch.changePct() == null ? "" : String.format(Locale.ROOT, "%+.1f%%", ch.changePct()),
                    ch.significance() == null ? "" : ch.significance().describe(), ch.verdict().text()));
        }
        return rows;
    }

    /** {@code **1 regression**: …} naming each, or that there is none. */
    public static String verdictLine(Comparison c) {
        List<Change> reg = c.regressions();
        if (reg.isEmpty()) {
            return "No regression beyond " + percent(c.thresholdPct()) + " (" + c.changes().size() + " results matched).";
        }
        List<String> names = new ArrayList<>();
        for (Change ch : reg) {
            names.add(ch.key().label() + (ch.changePct() == null ? " (" + ch.verdict().text() + ": " + ch.candidate().status() + ")"
                    : String.format(Locale.ROOT, " (%+.1f%%, %s)", ch.changePct(), ch.significance().describe())));
        }
        return "**" + reg.size() + (reg.size() == 1 ? " regression**: " : " regressions**: ") + String.join("; ", names) + ".";
    }

    /** {@code 5%}, {@code 2.5%}. */
    static String percent(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() + "%";
    }

    private static String side(dev.loomlab.core.result.Result r, Double median, String metric) {
        if (!r.ok()) {
            return r.status().json();
        }
        return median == null ? "n/a" : Metrics.withUnit(metric, median);
    }
}
