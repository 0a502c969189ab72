package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.ModelName;
import dev.loomlab.report.analysis.Significance;
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
    private static final String THROUGHPUT = "throughput_per_s";
    private static final String LATENCY = "task_latency_ms";

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        // Calls that hold a database connection are bound by the connection pool, not the threads: ConnectionPoolRule's.
        List<Result> ok = e.ok().stream()
                .filter(r -> Metrics.summary(r, THROUGHPUT) != null && Metrics.summary(r, Metrics.WALL) != null)
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
        List<Sweep> sweeps = SweepFinder.find(ok, Metrics.WALL).stream().filter(s -> s.axis().equals(Sweep.SIZE)).toList();
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
                + Figures.num(Metrics.mean(best, Metrics.WALL)) + " ms)");
        evidence.add("Little's law: L = λ·W = " + Figures.num(bestRate) + "/s × " + Figures.num(holdMs) + " ms = "
                + Figures.num(threads) + " threads");
        for (Result r : sized) {
            evidence.add(r.model() + ": wall mean " + Figures.num(Metrics.mean(r, Metrics.WALL)) + " ms, "
                    + Figures.num(Metrics.mean(r, THROUGHPUT)) + " tasks/s");
        }
        knee.ifPresent(k -> evidence.add("knee of the " + kind + " curve: " + k.result().model() + " ("
                + Figures.num(k.y()) + " ms wall); beyond it more threads gain less"));
        Result largest = sized.get(sized.size() - 1);
        String kneeText = knee.map(k -> "; the sweep's knee is at " + Figures.count(k.x()) + " threads").orElse("");
        String needed = Figures.count(Math.max(1, Math.round(threads)));
        String recommendation;
        if (!ModelName.of(best).bounded() && threads > size(largest)) {
            Significance s = Significance.of(Metrics.summary(best, Metrics.WALL), Metrics.summary(largest, Metrics.WALL));
            evidence.add(best.model() + " vs " + largest.model() + ": " + s.describe());
            double slower = Metrics.mean(largest, Metrics.WALL) / Metrics.mean(best, Metrics.WALL);
            recommendation = s.significant()
                    ? "Prefer " + best.model() + ": a " + kind + " pool would need about " + needed
                    + " threads (Little's law) to match its throughput; the largest measured, " + largest.model() + ", is "
                    + Figures.ratio(slower) + " slower" + kneeText + "."
                    : "A " + kind + " pool of about " + needed + " threads would match " + best.model()
                    + "'s throughput (Little's law); the largest measured, " + largest.model() + ", is already within noise of it"
                    + kneeText + ".";
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
        Summary wall = Metrics.summary(r, Metrics.WALL);
        if (l == null || wall == null || wall.samples() == null || wall.samples().isEmpty()) {
            return 0;
        }
        return (double) l.count() / wall.samples().size();
    }
}
