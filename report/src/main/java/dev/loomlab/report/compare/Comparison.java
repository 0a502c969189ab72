package dev.loomlab.report.compare;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Score;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two runs matched result by result ({@link ResultKey}) and judged on one metric by {@link Difference}, the
 * estimator {@code advise} uses too: the Hodges-Lehmann estimate of the ratio candidate / baseline with its
 * exact {@value #CONFIDENCE_PCT}% confidence interval (and the exact Mann-Whitney p beside it). Its verdicts
 * map one to one: slower is {@link Verdict#REGRESSED} (the whole interval beyond the threshold on the worse
 * side — for a metric better lower (wall time) its lower bound above 1 + threshold, for one better higher
 * (a throughput) its upper bound below 1 − threshold), faster is {@link Verdict#IMPROVED}, within
 * noise is {@link Verdict#NO_CHANGE}, changed on a metric neither way is better of is {@link Verdict#CHANGED},
 * and too few samples for a {@value #CONFIDENCE_PCT}% interval at all
 * (3 vs 3, 4 vs 4) is {@link Verdict#N_TOO_SMALL}, not a regression. A result that breaches its service
 * level objective in the candidate but met it in the baseline ({@link Change#newBreach}) is a regression too,
 * whatever the metric says. Where a run holds one key twice, its first result is used.
 *
 * @param metric the metric judged, e.g. {@code wall_ms}; null: each result's own {@link Score#metric}
 * @param thresholdPct changes within ± this many percent are no change
 */
public record Comparison(String metric, double thresholdPct, List<Change> changes, List<Result> onlyInBaseline,
                         List<Result> onlyInCandidate) {
    /** The confidence of the ratio's interval: {@link Difference#CONFIDENCE}. */
    public static final double CONFIDENCE = Difference.CONFIDENCE;
    public static final int CONFIDENCE_PCT = Difference.CONFIDENCE_PCT;

    /** @param metric the metric to judge, or null for each result's {@link Score#metric} */
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
                changes.add(change(key, b, c, metric == null ? Score.metric(b) : metric, thresholdPct));
            }
        });
        List<Result> onlyCand = cand.entrySet().stream().filter(e -> !base.containsKey(e.getKey())).map(Map.Entry::getValue).toList();
        return new Comparison(metric, thresholdPct, List.copyOf(changes), List.copyOf(onlyBase), onlyCand);
    }

    public List<Change> regressions() {
        return changes.stream().filter(c -> c.verdict().regression()).toList();
    }

    /** The matched results that breach their SLO now although the baseline met it ({@link Change#newBreach}). */
    public List<Change> newBreaches() {
        return changes.stream().filter(c -> c.newBreach().isPresent()).toList();
    }

    /** True when a result regressed on the metric, now fails, or newly breaches its SLO: {@code compare} exits 1. */
    public boolean regressed() {
        return !regressions().isEmpty() || !newBreaches().isEmpty();
    }

    /** The changes with this verdict. */
    public List<Change> with(Verdict v) {
        return changes.stream().filter(c -> c.verdict() == v).toList();
    }

    /** The metrics judged, in first-seen order (one, unless each result's score differs). */
    public List<String> metrics() {
        Set<String> names = new LinkedHashSet<>();
        if (metric != null) {
            names.add(metric);
        }
        changes.forEach(c -> names.add(c.metric()));
        return List.copyOf(names);
    }

    static Change change(ResultKey key, Result b, Result c, String metric, double thresholdPct) {
        Double meanB = Metrics.mean(b, metric);
        Double meanC = Metrics.mean(c, metric);
        if (b.ok() && !c.ok() && c.status() != Status.NOT_APPLICABLE) {
            return new Change(key, b, c, metric, meanB, null, null, Verdict.NOW_FAILING, null);
        }
        if (!b.ok() && b.status() != Status.NOT_APPLICABLE && c.ok()) {
            return new Change(key, b, c, metric, null, meanC, null, Verdict.NOW_OK, null);
        }
        if (!b.ok() || !c.ok()) {
            return new Change(key, b, c, metric, null, null, null, Verdict.NOT_COMPARABLE,
                    "baseline " + b.status().json().replace('_', ' ') + ", candidate " + c.status().json().replace('_', ' '));
        }
        Summary sb = Metrics.summary(b, metric);
        Summary sc = Metrics.summary(c, metric);
        java.util.Optional<String> noRatio = Difference.unavailable(sb, sc, metric);
        if (noRatio.isPresent()) {
            return new Change(key, b, c, metric, meanB, meanC, null, Verdict.NOT_COMPARABLE, noRatio.get());
        }
        Difference d = Difference.of(sb, sc, metric, thresholdPct);
        Verdict v = switch (d.verdict()) {
            case FASTER -> Verdict.IMPROVED;
            case SLOWER -> Verdict.REGRESSED;
            case WITHIN_NOISE -> Verdict.NO_CHANGE;
            case CHANGED -> Verdict.CHANGED;
            case TOO_FEW_SAMPLES -> Verdict.N_TOO_SMALL;
        };
        return new Change(key, b, c, metric, meanB, meanC, d.estimate(), v, null);
    }

    private static Map<ResultKey, Result> index(List<Result> results, boolean anyJdk) {
        Map<ResultKey, Result> out = new LinkedHashMap<>();
        results.forEach(r -> out.putIfAbsent(ResultKey.of(r, anyJdk), r));
        return out;
    }
}
