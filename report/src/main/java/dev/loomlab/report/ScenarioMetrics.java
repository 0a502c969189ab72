package dev.loomlab.report;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.report.analysis.Score;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The metrics a scenario's workload reports of its own (calls rejected, objects made, pinned events,
 * profiles built …), which the main table has no column for: one table per scenario, its medians per
 * iteration (descriptive, no interval), ok results only. A result scored by a standard metric other than the
 * wall time (web and load: {@code throughput_per_s}, as their scenarios declare) leads with that score as the
 * mean ± the 99.9% CI of the mean, like the main table's wall time.
 */
public final class ScenarioMetrics {
    /** What every trial's probes measure: the main table, CSV and JSON carry these. */
    private static final Set<String> STANDARD = Metric.STANDARD.stream().map(MetricKey::name).collect(Collectors.toSet());
    /** After a lead column's metric: its cells are the mean ± the 99.9% CI. */
    private static final String LEAD = " (mean ± 99.9% ci)";

    private ScenarioMetrics() {
    }

    /** Scenario name → its table; empty when no result has metrics of its own. */
    public static Map<String, TextTable> tables(List<Result> results) {
        Map<String, Set<String>> names = new LinkedHashMap<>();
        for (Result r : results) {
            String score = Score.metric(r);
            if (r.ok() && STANDARD.contains(score) && !score.equals(Metric.WALL_MS.name()) && r.metrics().containsKey(score)) {
                names.computeIfAbsent(r.scenario(), k -> new LinkedHashSet<>()).add(score + LEAD);
            }
            if (r.ok()) {
                for (String m : r.metrics().keySet()) {
                    if (!STANDARD.contains(m)) {
                        names.computeIfAbsent(r.scenario(), k -> new LinkedHashSet<>()).add(m);
                    }
                }
            }
        }
        Map<String, TextTable> tables = new LinkedHashMap<>();
        names.forEach((scenario, metrics) -> {
            List<String> header = new ArrayList<>(List.of("model", "params", "jdk"));
            header.addAll(metrics);
            TextTable t = new TextTable(header);
            for (Result r : ByJdk.grouped(results)) {
                if (r.ok() && r.scenario().equals(scenario)) {
                    List<String> cells = new ArrayList<>(List.of(r.model(), Fmt.params(r.params()),
                            r.jvm() == null ? "?" : ResultRow.featureOf(r.jvm().version())));
                    metrics.forEach(m -> cells.add(m.endsWith(LEAD)
                            ? Fmt.meanCi(r.metrics().get(m.substring(0, m.length() - LEAD.length())) instanceof Summary s ? s : null)
                            : median(r, m)));
                    t.add(cells);
                }
            }
            tables.put(scenario, t);
        });
        return tables;
    }

    private static String median(Result r, String metric) {
        if (!(r.metrics().get(metric) instanceof Summary s)) {
            return "n/a";
        }
        double v = s.median();
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(java.util.Locale.ROOT, "%,.0f", v) : Fmt.num(v);
    }
}
