package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.ModelName;
import dev.loomlab.report.analysis.Significance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which model suits the workload: the best mean of the experiment's headline metric (wall time), and
 * whether it beats the next best beyond noise ({@link Significance}); where it does not, the models within
 * noise of the best are named together and none is preferred.
 */
final class BestModelRule implements AdviceRule {
    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        String metric = Metrics.headline(e.ok());
        if (metric == null) {
            return List.of();
        }
        List<Result> ranked = new ArrayList<>(e.ok().stream().filter(r -> Metrics.summary(r, metric) != null).toList());
        if (ranked.size() < 2) {
            return List.of();
        }
        boolean higher = Metrics.higherIsBetter(metric);
        Comparator<Result> byMean = Comparator.comparingDouble(r -> Metrics.mean(r, metric));
        ranked.sort(higher ? byMean.reversed() : byMean);
        Result best = ranked.get(0);
        Summary bestFigure = Metrics.summary(best, metric);
        List<Result> tied = new ArrayList<>(List.of(best));
        Result firstBeaten = null;
        for (Result r : ranked.subList(1, ranked.size())) {
            if (Significance.of(bestFigure, Metrics.summary(r, metric)).significant()) {
                firstBeaten = r;
                break;
            }
            tied.add(r);
        }
        List<String> evidence = new ArrayList<>();
        ranked.forEach(r -> evidence.add(Figures.summary(r, metric)));
        if (best.boundMs() != null && best.efficiency() != null && metric.equals(Metrics.WALL)) {
            evidence.add(best.model() + ": bound " + Figures.num(best.boundMs()) + " ms, efficiency "
                    + String.format(java.util.Locale.ROOT, "%.2f", best.efficiency()));
        }
        String verb = higher ? "higher" : "faster";
        String recommendation;
        if (tied.size() == 1) {
            Result next = ranked.get(1);
            evidence.add(best.model() + " vs " + next.model() + ": "
                    + Significance.of(bestFigure, Metrics.summary(next, metric)).describe());
            recommendation = "Use " + best.model() + ": " + Figures.ratio(ratio(best, next, metric, higher)) + " " + verb
                    + " than the next best, " + next.model() + reason(best, next) + ".";
        } else {
            Result runnerUp = ranked.get(1);
            evidence.add(best.model() + " vs " + runnerUp.model() + ": "
                    + Significance.of(bestFigure, Metrics.summary(runnerUp, metric)).describe());
            String names = String.join(", ", tied.stream().map(Result::model).toList());
            recommendation = names + " are within noise of each other here (" + Metrics.label(metric)
                    + "): choose among them on other grounds";
            if (firstBeaten != null) {
                evidence.add(best.model() + " vs " + firstBeaten.model() + ": "
                        + Significance.of(bestFigure, Metrics.summary(firstBeaten, metric)).describe());
                recommendation += "; " + firstBeaten.model() + " is " + Figures.ratio(ratio(best, firstBeaten, metric, higher))
                        + (higher ? " lower than " : " slower than ") + best.model() + ".";
            } else {
                recommendation += ".";
            }
        }
        return List.of(new Advice("model", e.scenario(), e.label(), recommendation, evidence));
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
        Double pinned = Metrics.mean(other, "pinned_events");
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

    /** How many times better {@code best} is than {@code other}. */
    private static double ratio(Result best, Result other, String metric, boolean higher) {
        double b = Metrics.mean(best, metric);
        double o = Metrics.mean(other, metric);
        return higher ? b / o : o / b;
    }
}
