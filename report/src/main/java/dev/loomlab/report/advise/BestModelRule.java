package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.ModelName;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which model suits the workload: the best mean of the experiment's headline metric (wall time), and
 * whether it beats the next best beyond noise — by {@link Difference}, the estimator {@code compare} judges
 * by, at {@code compare}'s default threshold ({@value Difference#DEFAULT_THRESHOLD_PCT}%): the best is
 * recommended when the ratio's whole {@value Difference#CONFIDENCE_PCT}% interval says it is faster. Where
 * the interval reaches within the threshold, the models within noise of the best are named together and
 * none is preferred; where the samples are too few for the interval (fewer than five a side), or give no
 * ratio, there is no verdict, and the advice says what is needed.
 */
final class BestModelRule implements AdviceRule {
    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        String metric = Metrics.headline(e.ok());
        // A metric neither way is better of ranks nothing.
        if (metric == null || Metrics.key(metric).direction() == Direction.NEITHER) {
            return List.of();
        }
        List<Result> ranked = new ArrayList<>(e.ok().stream().filter(r -> Metrics.summary(r, metric) != null).toList());
        if (ranked.size() < 2) {
            return List.of();
        }
        boolean higher = Metrics.key(metric).higherIsBetter();
        Comparator<Result> byMean = Comparator.comparingDouble(r -> Metrics.mean(r, metric));
        ranked.sort(higher ? byMean.reversed() : byMean);
        Result best = ranked.get(0);
        List<String> evidence = new ArrayList<>();
        ranked.forEach(r -> evidence.add(Figures.summary(r, metric)));
        if (best.boundMs() != null && best.efficiency() != null && metric.equals(Metric.WALL_MS.name())) {
            evidence.add(best.model() + ": bound " + Figures.num(best.boundMs()) + " ms, efficiency "
                    + String.format(java.util.Locale.ROOT, "%.2f", best.efficiency()));
        }
        // Down the ranking: the models within noise of the best, then the first it beats, or the first it
        // cannot be told from (too few samples, no ratio, or a ratio that disagrees with the means' order).
        List<Result> tied = new ArrayList<>(List.of(best));
        Result beaten = null;
        Difference beatenBy = null;
        Difference firstTie = null;
        Result undecided = null;
        String undecidedWhy = null;
        for (Result r : ranked.subList(1, ranked.size())) {
            Optional<String> noRatio = Difference.unavailable(Metrics.summary(r, metric), Metrics.summary(best, metric), metric,
                    r.model(), best.model());
            if (noRatio.isPresent()) {
                evidence.add(best.model() + " / " + r.model() + ": " + noRatio.get());
                undecided = r;
                undecidedWhy = "there is no ratio of " + best.model() + " to " + r.model() + ": " + noRatio.get();
                break;
            }
            Difference d = difference(r, best, metric);
            evidence.add(best.model() + " / " + r.model() + " " + d.describe());
            if (d.verdict() == Difference.Verdict.FASTER) {
                beaten = r;
                beatenBy = d;
                break;
            }
            if (d.verdict() != Difference.Verdict.WITHIN_NOISE) {
                undecided = r;
                undecidedWhy = why(best, r, d);
                break;
            }
            if (firstTie == null) {
                firstTie = d;
            }
            tied.add(r);
        }
        String label = Metrics.label(metric);
        String recommendation;
        String brief;
        if (tied.size() == 1 && beaten != null) {
            recommendation = "Use " + best.model() + ": " + Figures.ratio(beatenBy.factor()) + " "
                    + (higher ? "higher" : "faster") + " than the next best, " + beaten.model() + reason(best, beaten) + ".";
            brief = "Use " + best.model() + ": " + Figures.ratio(beatenBy.factor()) + " " + (higher ? "higher" : "faster")
                    + " than " + beaten.model() + " (" + label + ", " + beatenBy.factorInterval() + ")";
        } else if (tied.size() == 1) {
            recommendation = "No model is preferred here (" + label + "): " + undecidedWhy + ".";
            brief = "no model preferred (" + label + "): " + undecidedWhy;
        } else {
            String names = String.join(", ", tied.stream().map(Result::model).toList());
            recommendation = names + " are within noise of each other here (" + label + "): choose among them on other grounds";
            brief = names + " within noise of each other (" + label + " ratio " + Figures.num(firstTie.ratio()) + ", "
                    + firstTie.factorInterval() + ")";
            if (beaten != null) {
                recommendation += "; " + beaten.model() + " is " + Figures.ratio(beatenBy.factor())
                        + (higher ? " lower than " : " slower than ") + best.model() + ".";
                brief += "; " + beaten.model() + " " + Figures.ratio(beatenBy.factor()) + (higher ? " lower" : " slower");
            } else if (undecided != null) {
                recommendation += "; " + undecidedWhy + ".";
            } else {
                recommendation += ".";
            }
        }
        return List.of(new Advice("model", e.scenario(), e.label(), recommendation, evidence, brief));
    }

    /** {@code best} (the candidate) against {@code other} (the baseline): as {@code compare other best} would judge it. */
    private static Difference difference(Result other, Result best, String metric) {
        return Difference.of(Metrics.summary(other, metric), Metrics.summary(best, metric), metric,
                Difference.DEFAULT_THRESHOLD_PCT);
    }

    /**
     * Why {@code best} cannot be told from {@code other} by a difference that is neither faster nor within noise:
     * {@code virtual leads platform:1000 by 8.0× (the ratio of their iterations), but 3 vs 3 samples are too
     * few for a 99% interval of it: run both with at least 5 measured iterations (e.g. --iterations 5)}.
     */
    private static String why(Result best, Result other, Difference d) {
        if (d.verdict() == Difference.Verdict.TOO_FEW_SAMPLES) {
            int needed = Difference.samplesNeeded();
            boolean leads = Metrics.key(d.metric()).higherIsBetter() ? d.ratio() > 1 : d.ratio() < 1;
            return best.model() + (leads ? " leads " : " trails ") + other.model() + " by " + Figures.ratio(d.factor()) + " (the ratio of their iterations), but "
                    + d.estimate().m() + " vs " + d.estimate().n() + " samples are too few for a " + d.estimate().level()
                    + " interval of it: run both with at least " + needed + " measured iterations (e.g. --iterations " + needed + ")";
        }
        return "the ratio of " + best.model() + "'s iterations to " + other.model() + "'s (" + d.estimate().describe()
                + ") does not rank them as their means do";
    }

    /**
     * Why {@code other} trails, from its own figures: held at its concurrency limit (its efficiency against a
     * bound of waves of that limit is high), pinned carriers, or else the winner itself running near its
     * bound; empty when the figures say none of these.
     */
    static String reason(Result best, Result other) {
        java.util.OptionalInt limit = ModelName.of(other).size();
        if (limit.isPresent() && other.boundMs() != null && other.efficiency() != null && other.efficiency() >= NEAR_BOUND) {
            return ", which is held at its ceiling of " + String.format(java.util.Locale.ROOT, "%,d", limit.getAsInt()) + " tasks at once (bound "
                    + Figures.num(other.boundMs()) + " ms, efficiency " + eff(other) + ")";
        }
        Double pinned = Metrics.mean(other, Metric.PINNED_EVENTS);
        if (pinned != null && pinned > 0) {
            return ", which pinned its carriers (" + Figures.num(pinned) + " pinned events per iteration)";
        }
        if (best.boundMs() != null && best.efficiency() != null && best.efficiency() >= NEAR_BOUND) {
            return "; " + best.model() + " runs near its bound (" + Figures.num(best.boundMs()) + " ms, efficiency "
                    + eff(best) + ")";
        }
        return "";
    }

    /** An efficiency this high says the bound, not the model's overhead, sets the time. */
    private static final double NEAR_BOUND = 0.85;

    private static String eff(Result r) {
        return String.format(java.util.Locale.ROOT, "%.2f", r.efficiency());
    }
}
