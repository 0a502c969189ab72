package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code results.csv}: one row per result; parameters as {@code param.NAME} columns, each metric's mean
 * with the bounds of the 99.9% CI of the mean and the sample count beside it ({@code NAME.mean},
 * {@code NAME.ci999_low}, {@code NAME.ci999_high}, {@code NAME.n}; the bounds empty below three samples),
 * then its median, min, max and stdev; latency percentiles as {@code task_latency_ms.p99} …; RFC 4180 quoting.
 */
public final class CsvReport {
    private static final List<String> STATS = List.of("mean", "ci999_low", "ci999_high", "n", "median", "min", "max", "stdev");
    private static final List<String> LATENCY = List.of("p50", "p90", "p99", "p999", "max", "mean", "count");

    private CsvReport() {
    }

    public static String render(List<Result> results) {
        TreeSet<String> paramNames = new TreeSet<>();
        List<String> metricNames = new ArrayList<>();
        for (Result r : results) {
            paramNames.addAll(r.params().keySet());
            for (Map.Entry<String, Object> e : r.metrics().entrySet()) {
                if (e.getValue() instanceof Summary && !metricNames.contains(e.getKey())) {
                    metricNames.add(e.getKey());
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("scenario", "model", "jdk_version", "forks", "warmup", "iterations", "status"));
        paramNames.forEach(p -> header.add("param." + p));
        metricNames.forEach(m -> STATS.forEach(s -> header.add(m + "." + s)));
        LATENCY.forEach(l -> header.add("task_latency_ms." + l));
        header.addAll(List.of("bound_ms", "efficiency", "serial_task_ms", "published_wall_ms", "published_source", "error"));

        StringBuilder sb = new StringBuilder();
        sb.append(row(header));
        for (Result r : results) {
            List<String> cells = new ArrayList<>(List.of(r.scenario(), r.model(), r.jvm() == null ? "" : r.jvm().version(),
                    Integer.toString(r.forks()), Integer.toString(r.warmup()), Integer.toString(r.iterations()), r.status()));
            paramNames.forEach(p -> cells.add(r.params().containsKey(p) ? String.valueOf(r.params().get(p)) : ""));
            for (String m : metricNames) {
                Summary s = r.metrics().get(m) instanceof Summary x ? x : null;
                cells.add(s == null ? "" : num(s.mean()));
                cells.add(s == null || s.ci999() == null ? "" : num(s.ci999().low()));
                cells.add(s == null || s.ci999() == null ? "" : num(s.ci999().high()));
                cells.add(s == null ? "" : Integer.toString(s.n()));
                cells.add(s == null ? "" : num(s.median()));
                cells.add(s == null ? "" : num(s.min()));
                cells.add(s == null ? "" : num(s.max()));
                cells.add(s == null ? "" : num(s.stdev()));
            }
            LatencySummary l = r.metrics().get("task_latency_ms") instanceof LatencySummary x ? x : null;
            for (double v : l == null ? new double[0] : new double[]{l.p50(), l.p90(), l.p99(), l.p999(), l.max(), l.mean(), l.count()}) {
                cells.add(num(v));
            }
            if (l == null) {
                LATENCY.forEach(x -> cells.add(""));
            }
            cells.add(r.boundMs() == null ? "" : num(r.boundMs()));
            cells.add(r.efficiency() == null ? "" : num(r.efficiency()));
            cells.add(r.serialTaskMs() == null ? "" : num(r.serialTaskMs()));
            cells.add(r.published() == null || r.published().wallMs() == null ? "" : num(r.published().wallMs()));
            cells.add(r.published() == null ? "" : r.published().source());
            cells.add(r.error() == null ? "" : r.error());
            sb.append(row(cells));
        }
        return sb.toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    private static String row(List<String> cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            if (c.contains(",") || c.contains("\"") || c.contains("\n")) {
                c = "\"" + c.replace("\"", "\"\"") + "\"";
            }
            sb.append(i == 0 ? "" : ",").append(c);
        }
        return sb.append("\r\n").toString();
    }
}
