package dev.loomlab.report.compare;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Significance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs matched result by result ({@link ResultKey}) and judged on one metric: the change in median
 * and whether it is significant ({@link Significance}). A change is a regression when it is worse by more
 * than the threshold and significant (for {@code _per_s} metrics lower is worse, for all others higher).
 * Where a run holds one key twice, its first result is used.
 *
 * @param metric the metric judged, e.g. {@code wall_ms}
 * @param thresholdPct changes within ± this many percent are no change
 */
public record Comparison(String metric, double thresholdPct, List<Change> changes, List<Result> onlyInBaseline,
                         List<Result> onlyInCandidate) {

    public static Comparison of(List<Result> baseline, List<Result> candidate, String metric, double thresholdPct,
                                boolean anyJdk) {
        Map<ResultKey, Result> base = index(baseline, anyJdk);
        Map<ResultKey, Result> cand = index(candidate, anyJdk);
        List<Change> changes = new ArrayList<>();
        List<Result> onlyBase = new ArrayList<>();
        base.forEach((key, b) -> {
            Result c = cand.get(key);
            if (c == null) {
                onlyBase.add(b);
            } else {
                changes.add(change(key, b, c, metric, thresholdPct));
            }
        });
        List<Result> onlyCand = cand.entrySet().stream().filter(e -> !base.containsKey(e.getKey())).map(Map.Entry::getValue).toList();
        return new Comparison(metric, thresholdPct, List.copyOf(changes), List.copyOf(onlyBase), onlyCand);
    }

    public List<Change> regressions() {
        return changes.stream().filter(c -> c.verdict().regression()).toList();
    }

    public boolean regressed() {
        return !regressions().isEmpty();
    }

    static Change change(ResultKey key, Result b, Result c, String metric, double thresholdPct) {
        if (b.ok() && !c.ok() && c.status() != Status.NOT_APPLICABLE) {
            return new Change(key, b, c, Metrics.median(b, metric), null, null, null, Verdict.NOW_FAILING);
        }
        if (!b.ok() && b.status() != Status.NOT_APPLICABLE && c.ok()) {
            return new Change(key, b, c, null, Metrics.median(c, metric), null, null, Verdict.NOW_OK);
        }
        Summary sb = Metrics.summary(b, metric);
        Summary sc = Metrics.summary(c, metric);
        if (!b.ok() || !c.ok() || sb == null || sc == null || sb.median() == 0) {
            return new Change(key, b, c, sb == null ? null : sb.median(), sc == null ? null : sc.median(), null, null,
                    Verdict.NOT_COMPARABLE);
        }
        double pct = (sc.median() - sb.median()) / Math.abs(sb.median()) * 100;
        Significance s = Significance.of(sb, sc);
        double worse = Metrics.higherIsBetter(metric) ? -pct : pct;
        Verdict v = !s.significant() || Math.abs(pct) <= thresholdPct ? Verdict.UNCHANGED
                : worse > 0 ? Verdict.REGRESSED : Verdict.IMPROVED;
        return new Change(key, b, c, sb.median(), sc.median(), pct, s, v);
    }

    private static Map<ResultKey, Result> index(List<Result> results, boolean anyJdk) {
        Map<ResultKey, Result> out = new LinkedHashMap<>();
        results.forEach(r -> out.putIfAbsent(ResultKey.of(r, anyJdk), r));
        return out;
    }
}
