package dev.loomlab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code results.csv}: one row per result; parameters as {@code param.NAME} columns, each metric's
 * median, CI bounds and stdev as {@code NAME.median} …, latency percentiles as
 * {@code task_latency_ms.p99} …. Written by Jackson's CSV module: RFC 4180 quoting (a field is quoted
 * when it holds a comma, a double quote or a line break, and its quotes are doubled), CRLF rows.
 */
public final class CsvReport {
    /** Strict quoting: only fields that need it are quoted, so plain ones read as they are. */
    private static final ObjectWriter WRITER = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build()
            .writer(CsvSchema.emptySchema().withLineSeparator("\r\n"));
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
        header.addAll(List.of("bound_ms", "efficiency", "serial_task_ms", "published_wall_ms", "published_article", "error"));

        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        for (Result r : results) {
            List<String> cells = new ArrayList<>(List.of(r.scenario(), r.model(), r.jvm() == null ? "" : r.jvm().version(),
                    Integer.toString(r.forks()), Integer.toString(r.warmup()), Integer.toString(r.iterations()), r.status().json()));
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
            LatencySummary l = r.metrics().get(Metric.TASK_LATENCY_MS.name()) instanceof LatencySummary x ? x : null;
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
            cells.add(r.published() == null ? "" : r.published().article());
            cells.add(r.error() == null ? "" : r.error());
            rows.add(cells);
        }
        try {
            return WRITER.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }
}
