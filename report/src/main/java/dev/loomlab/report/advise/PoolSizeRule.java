package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.ModelName;
import dev.loomlab.report.analysis.Sweep;
import dev.loomlab.report.analysis.SweepFinder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pool size Little's law gives beside what the measurements found. A pool of N threads that had more
 * tasks than threads was busy throughout, so N = λ·W gives the time one task holds a thread,
 * W = N / λ (λ its measured throughput). The pool that would sustain the best throughput of the
 * experiment, λ*, then needs L = λ*·W threads; a pool-size sweep's knee ({@link SweepFinder}) is where
 * more threads stopped paying.
 */
final class PoolSizeRule implements AdviceRule {
    private static final MetricKey THROUGHPUT = Metric.THROUGHPUT_PER_S;
    private static final MetricKey LATENCY = Metric.TASK_LATENCY_MS;

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        // Calls that hold a database connection are bound by the connection pool, not the threads: ConnectionPoolRule's.
        List<Result> ok = e.ok().stream()
                .filter(r -> Metrics.summary(r, THROUGHPUT) != null && Metrics.summary(r, Metric.WALL_MS) != null)
                .filter(r -> Metrics.summary(r, ConnectionPoolRule.WAIT_P50) == null)
                .toList();
        if (ok.size() < 2) {
            return List.of();
        }
        Result best = ok.stream().max(Comparator.comparingDouble(r -> Metrics.mean(r, THROUGHPUT))).orElseThrow();
        double bestRate = Metrics.mean(best, THROUGHPUT);
        Map<String, List<Result>> pools = new LinkedHashMap<>();
        ok.stream().filter(r -> ModelName.of(r).bounded())
                .sorted(Comparator.comparingInt(r -> ModelName.of(r).size().getAsInt()))
                .forEach(r -> pools.computeIfAbsent(ModelName.of(r).kind(), k -> new ArrayList<>()).add(r));
        List<Sweep> sweeps = SweepFinder.find(ok, Metric.WALL_MS.name()).stream().filter(s -> s.axis().equals(Sweep.SIZE)).toList();
        List<Advice> out = new ArrayList<>();
        pools.forEach((kind, sized) -> advice(e, kind, sized, best, bestRate, knee(sweeps, kind)).ifPresent(out::add));
        return out;
    }

    private static Optional<Advice> advice(Experiment e, String kind, List<Result> sized, Result best, double bestRate,
                                           Optional<Sweep.Point> knee) {
        Result busy = sized.stream().filter(r -> tasksPerIteration(r) >= size(r)).findFirst().orElse(null);
        if (busy == null) {
            return Optional.empty();
        }
        double rate = Metrics.mean(busy, THROUGHPUT);
        double holdMs = size(busy) / rate * 1000;
        double threads = bestRate * holdMs / 1000;
        List<String> evidence = new ArrayList<>();
        evidence.add(busy.model() + ": " + Figures.count(tasksPerIteration(busy)) + " tasks on " + size(busy)
                + " threads at " + Figures.num(rate) + " tasks/s → W = N / λ = " + Figures.num(holdMs) + " ms per task");
        evidence.add("best throughput: " + best.model() + " " + Figures.num(bestRate) + " tasks/s (wall mean "
                + Figures.num(Metrics.mean(best, Metric.WALL_MS)) + " ms)");
        evidence.add("Little's law: L = λ·W = " + Figures.num(bestRate) + "/s × " + Figures.num(holdMs) + " ms = "
                + Figures.num(threads) + " threads");
        for (Result r : sized) {
            evidence.add(r.model() + ": wall mean " + Figures.num(Metrics.mean(r, Metric.WALL_MS)) + " ms, "
                    + Figures.num(Metrics.mean(r, THROUGHPUT)) + " tasks/s");
        }
        knee.ifPresent(k -> evidence.add("knee of the " + kind + " curve: " + k.result().model() + " ("
                + Figures.num(k.y()) + " ms wall); beyond it more threads gain less"));
        Result largest = sized.get(sized.size() - 1);
        String kneeText = knee.map(k -> "; the sweep's knee is at " + Figures.count(k.x()) + " threads").orElse("");
        String needed = Figures.count(Math.max(1, Math.round(threads)));
        String recommendation;
        if (!ModelName.of(best).bounded() && threads > size(largest)) {
            // The largest pool (candidate) against the best (baseline), judged as compare and the model advice judge.
            Summary bestWall = Metrics.summary(best, Metric.WALL_MS);
            Summary largestWall = Metrics.summary(largest, Metric.WALL_MS);
            Optional<String> noRatio = Difference.unavailable(bestWall, largestWall, Metric.WALL_MS.name(), best.model(), largest.model());
            Difference d = noRatio.isPresent() ? null
                    : Difference.of(bestWall, largestWall, Metric.WALL_MS.name(), Difference.DEFAULT_THRESHOLD_PCT);
            evidence.add(largest.model() + " / " + best.model() + (d == null ? ": " + noRatio.get() : " " + d.describe()));
            String match = "A " + kind + " pool of about " + needed + " threads would match " + best.model()
                    + "'s throughput (Little's law); the largest measured, " + largest.model() + ", ";
            if (d != null && d.verdict() == Difference.Verdict.SLOWER) {
                recommendation = "Prefer " + best.model() + ": a " + kind + " pool would need about " + needed
                        + " threads (Little's law) to match its throughput; the largest measured, " + largest.model() + ", is "
                        + Figures.ratio(d.factor()) + " slower" + kneeText + ".";
            } else if (d != null && d.verdict() == Difference.Verdict.WITHIN_NOISE) {
                recommendation = match + "is already within noise of it" + kneeText + ".";
            } else if (d != null && d.verdict() == Difference.Verdict.FASTER) {
                recommendation = match + "is already " + Figures.ratio(d.factor()) + " faster in wall time" + kneeText + ".";
            } else {
                recommendation = match + "cannot be told from it: " + (d == null ? noRatio.get()
                        : d.estimate().m() + " vs " + d.estimate().n() + " samples are too few for a " + d.estimate().level()
                        + " interval of the ratio (at least " + Difference.samplesNeeded() + " a side)") + kneeText + ".";
            }
        } else {
            recommendation = "A " + kind + " pool of about " + needed + " threads sustains the best measured throughput ("
                    + best.model() + ", Little's law)" + kneeText + ".";
        }
        return Optional.of(new Advice("pool size", e.scenario(), e.label(), recommendation, evidence));
    }

    private static Optional<Sweep.Point> knee(List<Sweep> sweeps, String kind) {
        return sweeps.stream().flatMap(s -> s.curves().stream()).filter(c -> c.name().equals(kind))
                .findFirst().flatMap(Sweep.Curve::knee);
    }

    private static int size(Result r) {
        return ModelName.of(r).size().getAsInt();
    }

    /** Tasks one iteration ran: the latency histogram's count over the measured iterations; 0 when unknown. */
    static double tasksPerIteration(Result r) {
        LatencySummary l = Metrics.latency(r, LATENCY);
        Summary wall = Metrics.summary(r, Metric.WALL_MS);
        if (l == null || wall == null || wall.samples() == null || wall.samples().isEmpty()) {
            return 0;
        }
        return (double) l.count() / wall.samples().size();
    }
}
