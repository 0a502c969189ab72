package dev.loomlab.report.compare;

import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.text.Fmt;

import java.util.List;
import java.util.Optional;

/**
 * {@code compare}'s words for capacity results ({@code load --find-max}, {@code web -p rate=max}) judged on their
 * sustainable rate: whether the two differ beyond their searches' own spread, with the number of searches on each side.
 * The verdict is the {@link Comparison}'s, so {@link Difference}'s (the ratio of the candidate's searches to the
 * baseline's, with its exact 99% interval), as {@code advise} reaches it; these lines only say it in searches.
 */
public final class CapacityComparison {
    private CapacityComparison() {
    }

    /** One line per matched pair of capacity results judged on {@code max_rate_per_s}, in the table's order. */
    public static List<String> lines(Comparison c) {
        return c.changes().stream().map(ch -> line(ch, c.thresholdPct())).flatMap(Optional::stream).toList();
    }

    /**
     * {@code load open:max … : 5 vs 5 searches, median 2,000/s (1,950–2,050/s) vs 3,990/s (3,900–4,100/s), ×1.99 [1.90,
     * 2.10] at 99%: higher beyond the searches' own spread}; empty for a pair that is not two capacity results judged on
     * their rate, or not both measured.
     */
    static Optional<String> line(Change ch, double thresholdPct) {
        String metric = LoadMetrics.MAX_RATE_PER_S.name();
        if (!ch.metric().equals(metric) || ch.estimate() == null || ch.baseline().section(CapacitySearch.SECTION).isEmpty()
                || ch.candidate().section(CapacitySearch.SECTION).isEmpty()) {
            return Optional.empty();
        }
        Summary b = Metrics.summary(ch.baseline(), metric);
        Summary c = Metrics.summary(ch.candidate(), metric);
        String words = switch (ch.verdict()) {
            case IMPROVED -> "higher beyond the searches' own spread (improved)";
            case REGRESSED -> "lower beyond the searches' own spread (regressed)";
            case NO_CHANGE -> "no difference beyond ±" + CompareReport.percent(thresholdPct) + " shown: within the searches' own"
                    + " spread";
            case N_TOO_SMALL -> "too few searches (" + Difference.samplesNeeded() + " a side needed) to tell a difference from"
                    + " the searches' own spread: " + howToRepeat(ch);
            default -> ch.verdict().text();
        };
        return Optional.of(ch.key().label() + ": " + ch.estimate().m() + " vs " + ch.estimate().n() + " searches, median "
                + side(b) + " vs " + side(c) + ", " + ch.estimate().describe()
                + (ch.estimate().reachable() ? " at " + ch.estimate().level() : "") + ": " + words);
    }

    /** {@code 2,000/s (1,950–2,050/s)}, the range left out for one search. */
    private static String side(Summary s) {
        return Fmt.num(s.median()) + "/s" + (s.n() > 1 ? " (" + Fmt.num(s.min()) + "–" + Fmt.num(s.max()) + "/s)" : "");
    }

    /** How to run enough searches for a verdict: {@code --repeat 5} for {@code load}, else five forks × iterations. */
    static String howToRepeat(Change ch) {
        int needed = Difference.samplesNeeded();
        return ch.key().scenario().equals(LoadScenario.NAME) ? "run each with --find-max --repeat " + needed
                : "run each with at least " + needed + " searches (forks × iterations, e.g. --iterations " + needed + ")";
    }
}
