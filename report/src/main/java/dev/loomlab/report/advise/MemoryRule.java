package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Memory per in-flight request at the concurrency measured: Little's law gives the mean number of tasks
 * in flight, L = throughput × mean task latency, and the peak heap (or, without it, peak RSS) divided by
 * L is what each in-flight task cost — an upper bound, since the JVM's own heap is included. Silent below
 * {@value #MIN_IN_FLIGHT} tasks in flight, where the JVM's own memory would dwarf the tasks'.
 */
final class MemoryRule implements AdviceRule {
    static final double MIN_IN_FLIGHT = 100;
    private static final MetricKey THROUGHPUT = Metric.THROUGHPUT_PER_S;
    private static final MetricKey LATENCY = Metric.TASK_LATENCY_MS;
    private static final MetricKey ALLOCATED = Metric.ALLOCATED_BYTES_PER_TASK;
    private static final MetricKey THREADS = Metric.THREADS_PEAK;

    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        MetricKey memory = e.ok().stream().allMatch(r -> Metrics.summary(r, Metric.PEAK_HEAP_MB) != null) ? Metric.PEAK_HEAP_MB
                : Metric.PEAK_RSS_MB;
        List<Result> measured = e.ok().stream()
                .filter(r -> Metrics.summary(r, THROUGHPUT) != null && Metrics.latency(r, LATENCY) != null
                        && Metrics.summary(r, memory) != null)
                .toList();
        if (measured.isEmpty() || measured.stream().mapToDouble(MemoryRule::inFlight).max().orElse(0) < MIN_IN_FLIGHT) {
            return List.of();
        }
        List<Result> ranked = measured.stream().filter(r -> inFlight(r) >= 1)
                .sorted(Comparator.comparingDouble(r -> perTaskKb(r, memory))).toList();
        if (ranked.isEmpty()) {
            return List.of();
        }
        String kind = memory.equals(Metric.PEAK_HEAP_MB) ? "heap" : "RSS";
        List<String> evidence = new ArrayList<>();
        for (Result r : ranked) {
            LatencySummary l = Metrics.latency(r, LATENCY);
            StringBuilder sb = new StringBuilder(r.model()).append(": ").append(Figures.count(inFlight(r)))
                    .append(" tasks in flight (").append(Figures.num(Metrics.mean(r, THROUGHPUT))).append(" tasks/s × ")
                    .append(Figures.num(l.mean())).append(" ms mean task latency), mean peak ").append(kind).append(' ')
                    .append(Figures.num(Metrics.mean(r, memory))).append(" MB → ")
                    .append(Figures.num(perTaskKb(r, memory))).append(" KB per in-flight task");
            if (Metrics.summary(r, ALLOCATED) != null) {
                sb.append(", ").append(Figures.count(Metrics.median(r, ALLOCATED))).append(" B allocated per task");
            }
            if (Metrics.summary(r, THREADS) != null) {
                sb.append(", ").append(Figures.count(Metrics.median(r, THREADS))).append(" platform threads at peak");
            }
            evidence.add(sb.toString());
        }
        Result least = ranked.get(0);
        String recommendation = "Budget about " + Figures.num(perTaskKb(least, memory)) + " KB of " + kind
                + " per in-flight request with " + least.model() + " at about " + Figures.count(inFlight(least))
                + " requests in flight (an upper bound: the JVM's own " + kind + " is included)";
        if (ranked.size() > 1) {
            Result most = ranked.get(ranked.size() - 1);
            recommendation += "; " + most.model() + " needs " + Figures.num(perTaskKb(most, memory)) + " KB";
        }
        return List.of(new Advice("memory", e.scenario(), e.label(), recommendation + ".", evidence));
    }

    /** Mean tasks in flight by Little's law: throughput (per s) × mean latency (ms) / 1000. */
    static double inFlight(Result r) {
        return Metrics.mean(r, THROUGHPUT) * Metrics.latency(r, LATENCY).mean() / 1000;
    }

    private static double perTaskKb(Result r, MetricKey memory) {
        return Metrics.mean(r, memory) * 1024 / inFlight(r);
    }
}
