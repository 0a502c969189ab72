package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.text.Fmt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reading metrics out of results by name, so renderers and rules work for any scenario's metrics: a
 * metric's unit is the end of its name (docs/design.md), {@code _per_s} metrics are better higher, all others
 * better lower.
 */
public final class Metrics {
    /** The metric every scenario has and the reports lead with. */
    public static final String WALL = Metric.WALL_MS;
    /** The headline of load runs (web, load). */
    public static final String THROUGHPUT = Metric.THROUGHPUT_PER_S;
    /**
     * The p99 of {@code task_latency_ms}, as a summary of one value (the merged histogram's, no interval)
     * where a result carries no summary of that name: what a load sweep draws beside its throughput.
     */
    public static final String P99 = "task_latency_p99_ms";

    private Metrics() {
    }

    public static Summary summary(Result r, String name) {
        if (r.metrics().get(name) instanceof Summary s) {
            return s;
        }
        LatencySummary latency = name.equals(P99) ? latency(r, Metric.TASK_LATENCY_MS) : null;
        return latency == null ? null : Summary.of(new double[]{latency.p99()});
    }

    /** The metric's mean over the result's samples: the figure of the headline pair, of scores and ratios. */
    public static Double mean(Result r, String name) {
        Summary s = summary(r, name);
        return s == null ? null : s.mean();
    }

    /** The metric's median: a descriptive figure, never shown with an interval. */
    public static Double median(Result r, String name) {
        Summary s = summary(r, name);
        return s == null ? null : s.median();
    }

    public static LatencySummary latency(Result r, String name) {
        return r.metrics().get(name) instanceof LatencySummary l ? l : null;
    }

    /**
     * The metric to draw and rank a group of results by: {@code throughput_per_s} for load runs (web, load:
     * results that count the {@code requests} they sent, over a fixed duration), else the first
     * {@link Score#metric} any result carries, else the first {@link Summary} metric found, else null.
     */
    public static String headline(Collection<Result> results) {
        List<String> names = summaryNames(results);
        if (names.contains("requests") && names.contains(THROUGHPUT)) {
            return THROUGHPUT;
        }
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
        Set<String> names = new LinkedHashSet<>();
        for (Result r : results) {
            r.metrics().forEach((k, v) -> {
                if (v instanceof Summary) {
                    names.add(k);
                }
            });
        }
        return new ArrayList<>(names);
    }

    /** Names of the latency-percentile metrics the results carry, in first-seen order. */
    public static List<String> latencyNames(Collection<Result> results) {
        Set<String> names = new LinkedHashSet<>();
        for (Result r : results) {
            r.metrics().forEach((k, v) -> {
                if (v instanceof LatencySummary) {
                    names.add(k);
                }
            });
        }
        return new ArrayList<>(names);
    }

    public static boolean higherIsBetter(String name) {
        return name.endsWith("_per_s");
    }

    /**
     * A figure with its unit, read from the metric's name: {@code 83.8 ms}, {@code 35.2 MB},
     * {@code 41.5%}, {@code 23,872/s}; a name without a known unit gives the bare number.
     */
    public static String withUnit(String name, double value) {
        String n = Fmt.num(value);
        if (name.endsWith("_ms")) {
            return n + " ms";
        }
        if (name.endsWith("_mb")) {
            return n + " MB";
        }
        if (name.endsWith("_pct")) {
            return n + "%";
        }
        if (name.endsWith("_per_s")) {
            return n + "/s";
        }
        if (name.endsWith("_bytes_per_task")) {
            return n + " B per task";
        }
        if (name.endsWith("_bytes")) {
            return n + " B";
        }
        return n;
    }

    /** {@code wall_ms} → {@code wall ms}; {@code throughput_per_s} → {@code throughput per s}. */
    public static String label(String name) {
        return name.replace('_', ' ');
    }
}
