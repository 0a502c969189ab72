package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.MetricCatalog;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reading metrics out of results, and what renderers and rules need to know of a metric — its unit, which
 * way is better, its label — from its key ({@link MetricCatalog}: the declared key, or for a name nothing
 * declares the unit its name ends in, better higher for a {@code _per_s} rate and lower otherwise).
 */
public final class Metrics {
    /**
     * The p99 of {@code task_latency_ms}, as a summary of one value (the merged histogram's, no interval)
     * where a result carries no summary of that name: what a load sweep draws beside its throughput. The
     * reports' own figure, never in results.jsonl.
     */
    public static final MetricKey P99 = new MetricKey("task_latency_p99_ms", Unit.MS,
            Metric.TASK_LATENCY_MS.direction(), Owner.TRIAL, "the p99 of task_latency_ms's merged histogram");

    private Metrics() {
    }

    /** The resource figures of a server under test (web, echo), which describe the process under test when present. */
    public static final List<MetricKey> SERVER_RESOURCES = List.of(ServerMetrics.SERVER_CPU_PCT, ServerMetrics.SERVER_PEAK_RSS_MB,
            ServerMetrics.SERVER_THREADS_PEAK);

    /** {@code name}'s key: the declared one, or its {@link MetricKey#undeclared} key. */
    public static MetricKey key(String name) {
        return name.equals(P99.name()) ? P99 : MetricCatalog.keyOf(name);
    }

    /**
     * True when {@code r} carries a server under test's own CPU, memory or threads: the process under test is
     * then that server, and the trial JVM's figures are the load side's.
     */
    public static boolean serverUnderTest(Result r) {
        return SERVER_RESOURCES.stream().anyMatch(k -> summary(r, k) != null);
    }

    public static Summary summary(Result r, MetricKey key) {
        return summary(r, key.name());
    }

    public static Summary summary(Result r, String name) {
        if (r.metrics().get(name) instanceof Summary s) {
            return s;
        }
        LatencySummary latency = name.equals(P99.name()) ? latency(r, Metric.TASK_LATENCY_MS) : null;
        return latency == null ? null : Summary.of(new double[]{latency.p99()});
    }

    /** The metric's mean over the result's samples: the figure of the headline pair, of scores and ratios. */
    public static Double mean(Result r, MetricKey key) {
        return mean(r, key.name());
    }

    public static Double mean(Result r, String name) {
        Summary s = summary(r, name);
        return s == null ? null : s.mean();
    }

    /** The metric's median: a descriptive figure, never shown with an interval. */
    public static Double median(Result r, MetricKey key) {
        Summary s = summary(r, key.name());
        return s == null ? null : s.median();
    }

    public static LatencySummary latency(Result r, MetricKey key) {
        return latency(r, key.name());
    }

    public static LatencySummary latency(Result r, String name) {
        return r.metrics().get(name) instanceof LatencySummary l ? l : null;
    }

    /**
     * The metric to draw and rank a group of results by: the first {@link Score#metric} any result carries
     * (web and load: {@code throughput_per_s}, as their scenarios say), else the first {@link Summary} metric
     * found, else null.
     */
    public static String headline(Collection<Result> results) {
        List<String> names = summaryNames(results);
        for (Result r : results) {
            String score = Score.metric(r);
            if (names.contains(score)) {
                return score;
            }
        }
        return names.isEmpty() ? null : names.get(0);
    }

    /** Names of the {@link Summary} metrics the results carry, in first-seen order. */
    public static List<String> summaryNames(Collection<Result> results) {
        return namesOf(results, Summary.class);
    }

    /** Names of the latency-percentile metrics the results carry, in first-seen order. */
    public static List<String> latencyNames(Collection<Result> results) {
        return namesOf(results, LatencySummary.class);
    }

    private static List<String> namesOf(Collection<Result> results, Class<?> kind) {
        Set<String> names = new LinkedHashSet<>();
        for (Result r : results) {
            r.metrics().forEach((k, v) -> {
                if (kind.isInstance(v)) {
                    names.add(k);
                }
            });
        }
        return new ArrayList<>(names);
    }

    /** A figure with its unit, as its key says tables write it: {@code 83.8 ms}, {@code 35.2 MB}, {@code 41.5%}, {@code 23,872/s}. */
    public static String withUnit(String name, double value) {
        return key(name).unit().with(Fmt.num(value));
    }

    /** {@code wall_ms} → {@code wall ms}; a member of a family by its own name: {@code errors_timeout} → {@code errors timeout}. */
    public static String label(String name) {
        return name.replace('_', ' ');
    }
}
