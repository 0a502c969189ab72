package dev.loomlab.report.compare;

import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.report.text.TextTable;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.MannWhitney;
import dev.loomlab.report.analysis.RatioEstimate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link Comparison} as Markdown: what the gate is, any difference between the two machines, the table
 * of matched results (each one's ratio with its 99% interval and p), the regressions by name, the results
 * whose sample sizes were too small to judge, the unmatched.
 */
public final class CompareReport {
    public static final List<String> HEADER = List.of("scenario", "model", "params", "jdk", "baseline mean",
            "candidate mean", "n", "ratio (99% ci)", "p", "verdict");

    private CompareReport() {
    }

    public static String markdown(Comparison c, String baseline, String candidate) {
        return markdown(c, baseline, candidate, List.of());
    }

    /** @param warnings the differences between the two machines ({@link Machines}), one line each */
    public static String markdown(Comparison c, String baseline, String candidate, List<String> warnings) {
        StringBuilder sb = new StringBuilder("# loomlab compare\n\n");
        sb.append(intro(c, baseline, candidate)).append("\n\n");
        warnings.forEach(w -> sb.append("> **warning**: ").append(w).append("\n"));
        if (!warnings.isEmpty()) {
            sb.append('\n');
        }
        TextTable t = new TextTable(HEADER);
        rows(c).forEach(t::add);
        sb.append(t.markdown());
        sb.append('\n').append(verdictLine(c)).append('\n');
        String capacity = capacityLines(c);
        if (!capacity.isEmpty()) {
            sb.append('\n').append(capacity).append('\n');
        }
        String small = tooSmallLine(c);
        if (!small.isEmpty()) {
            sb.append('\n').append(small).append('\n');
        }
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

    /** What was compared, and how a change is judged. */
    public static String intro(Comparison c, String baseline, String candidate) {
        List<String> metrics = c.metrics();
        String judged = String.join(", ", metrics.stream().map(m -> Metrics.label(m) + " ("
                + Metrics.key(m).direction().text() + ")").toList());
        double t = c.thresholdPct() / 100;
        return "Baseline " + baseline + ", candidate " + candidate + ": " + judged + ", threshold "
                + percent(c.thresholdPct()) + ". Each result's ratio candidate / baseline is the Hodges-Lehmann estimate "
                + "(the median of every pairwise ratio of their iterations) with its exact distribution-free "
                + Comparison.CONFIDENCE_PCT + "% confidence interval; p is the exact two-sided Mann-Whitney U test's. "
                + "A regression is a ratio whose whole interval lies beyond the threshold on the worse side (above "
                + RatioEstimate.fmt(1 + t) + " for a metric better lower, below " + RatioEstimate.fmt(1 - t)
                + " for one better higher), a result that failed only in the candidate, or one that breaches its SLO only in"
                + " the candidate (the baseline judged against the candidate's objective). A "
                + Comparison.CONFIDENCE_PCT + "% interval needs at least "
                + RatioEstimate.samplesNeeded(Comparison.CONFIDENCE) + " samples a side (3 vs 3 cannot go below p = "
                + pText(MannWhitney.smallestP(3, 3)) + ", 4 vs 4 below " + pText(MannWhitney.smallestP(4, 4))
                + "); fewer are reported as n too small, not judged.";
    }

    /** One row per matched result, in the baseline's order. */
    public static List<List<String>> rows(Comparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (Change ch : c.changes()) {
            ResultKey k = ch.key();
            RatioEstimate e = ch.estimate();
            rows.add(List.of(k.scenario(), k.model(), k.params(), k.jdk(),
                    side(ch.baseline(), ch.baselineMean(), ch.metric()), side(ch.candidate(), ch.candidateMean(), ch.metric()),
                    e == null ? "" : e.m() + " vs " + e.n(),
                    e == null ? "" : e.describe(), e == null ? "" : pText(e.p()),
                    ch.verdict().text() + (ch.note() == null ? "" : ": " + ch.note())
                            + (ch.newBreach().isPresent() ? "; SLO newly breached" : "")));
        }
        return rows;
    }

    /**
     * {@code **1 regression**: …} naming each, or that there is none; then, when there are any,
     * {@code **1 new SLO breach**: …} naming each with the terms it missed.
     */
    public static String verdictLine(Comparison c) {
        List<Change> breaches = c.newBreaches();
        String metric = metricVerdictLine(c);
        if (breaches.isEmpty()) {
            return metric;
        }
        List<String> names = breaches.stream()
                .map(ch -> ch.key().label() + " (" + ch.newBreach().orElseThrow().describe() + ")").toList();
        return metric + " **" + breaches.size() + (breaches.size() == 1 ? " new SLO breach**" : " new SLO breaches**")
                + " (a regression: the baseline met the objective, judged on its own figures): " + String.join("; ", names) + ".";
    }

    private static String metricVerdictLine(Comparison c) {
        List<Change> reg = c.regressions();
        if (reg.isEmpty()) {
            StringBuilder sb = new StringBuilder("No regression beyond " + percent(c.thresholdPct()) + " ("
                    + c.changes().size() + (c.changes().size() == 1 ? " result" : " results") + " matched");
            Map<Verdict, Integer> counts = new LinkedHashMap<>();
            c.changes().forEach(ch -> counts.merge(ch.verdict(), 1, Integer::sum));
            if (counts.size() > 1) {
                counts.forEach((v, n) -> sb.append(", ").append(n).append(' ').append(v.text()));
            }
            return sb.append(").").toString();
        }
        List<String> names = new ArrayList<>();
        for (Change ch : reg) {
            names.add(ch.key().label() + (ch.estimate() == null ? " (" + ch.verdict().text() + ": " + ch.candidate().status() + ")"
                    : " (" + Metrics.label(ch.metric()) + " " + ch.estimate().describe() + " at "
                    + ch.estimate().level() + ", p = " + pText(ch.estimate().p()) + ")"));
        }
        return "**" + reg.size() + (reg.size() == 1 ? " regression**: " : " regressions**: ") + String.join("; ", names) + ".";
    }

    /**
     * {@code **Capacity**, …}: each pair of capacity results said in searches ({@link CapacityComparison}), one line each;
     * empty when there are none.
     */
    public static String capacityLines(Comparison c) {
        List<String> lines = CapacityComparison.lines(c);
        if (lines.isEmpty()) {
            return "";
        }
        return "**Capacity** (each search is one sample of the sustainable rate; the ratio is the candidate's to the"
                + " baseline's):\n" + String.join("\n", lines.stream().map(l -> "- " + l).toList());
    }

    /**
     * The results not judged because their sample sizes cannot reach a 99% interval, with the sizes, the
     * best p they allow, and what is needed; empty when there are none.
     */
    public static String tooSmallLine(Comparison c) {
        List<Change> small = c.with(Verdict.N_TOO_SMALL);
        if (small.isEmpty()) {
            return "";
        }
        Map<String, Integer> bySizes = new LinkedHashMap<>();
        small.forEach(ch -> bySizes.merge(ch.estimate().m() + " vs " + ch.estimate().n() + " samples (smallest p "
                + pText(MannWhitney.smallestP(ch.estimate().m(), ch.estimate().n())) + ")", 1, Integer::sum));
        List<String> sizes = new ArrayList<>();
        bySizes.forEach((s, n) -> sizes.add(n + " at " + s));
        int needed = RatioEstimate.samplesNeeded(Comparison.CONFIDENCE);
        boolean searches = small.stream().anyMatch(ch -> ch.key().scenario().equals(LoadScenario.NAME)
                && !ch.baseline().section(CapacitySearch.SECTION).isEmpty());
        return "**n too small** for " + small.size() + " of " + c.changes().size() + " results: " + String.join(", ", sizes)
                + " cannot give a " + Comparison.CONFIDENCE_PCT + "% interval, so they were not judged. Run both sides with at least "
                + needed + " measured iterations (e.g. --iterations " + needed
                + (searches ? "; for load --find-max, --repeat " + needed + " searches" : "") + ").";
    }

    /** {@code 5%}, {@code 2.5%}. */
    static String percent(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() + "%";
    }

    /** A p-value with two significant digits: {@code 0.0079}, {@code 0.1}, {@code 1}. */
    static String pText(double p) {
        String s = String.format(Locale.ROOT, "%.2g", p);
        return s.contains("e") || !s.contains(".") ? s : s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String side(dev.loomlab.core.result.Result r, Double mean, String metric) {
        if (!r.ok()) {
            return r.status().json();
        }
        return mean == null ? "n/a" : Metrics.withUnit(metric, mean);
    }
}
