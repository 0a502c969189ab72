package dev.loomlab.report;

import dev.loomlab.core.server.RequestMetrics;
import dev.loomlab.core.stats.MetricKey;
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
 * iteration (descriptive, no interval), ok results only. A load run's figure of merit, its throughput,
 * leads as the mean ± the 99.9% CI of the mean, like the main table's wall time.
 */
public final class ScenarioMetrics {
    /** What every trial's probes measure: the main table, CSV and JSON carry these. */
    private static final Set<String> STANDARD = Metric.STANDARD.stream().map(MetricKey::name).collect(Collectors.toSet());
    /**
     * A load run (web, load) reports the requests it sent: its figure of merit is requests per
     * second, so its table leads with {@code throughput_per_s}.
     */
    private static final String LOAD_MARK = RequestMetrics.REQUESTS.name();
    /** The lead column of a load run's table. */
    private static final String THROUGHPUT = Metric.THROUGHPUT_PER_S.name();
    private static final String THROUGHPUT_HEADER = THROUGHPUT + " (mean ± 99.9% ci)";

    private ScenarioMetrics() {
    }

    /** Scenario name → its table; empty when no result has metrics of its own. */
    public static Map<String, TextTable> tables(List<Result> results) {
        Map<String, Set<String>> names = new LinkedHashMap<>();
        for (Result r : results) {
            if (r.ok() && r.metrics().containsKey(LOAD_MARK)) {
                names.computeIfAbsent(r.scenario(), k -> new LinkedHashSet<>()).add(THROUGHPUT_HEADER);
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
                    metrics.forEach(m -> cells.add(m.equals(THROUGHPUT_HEADER)
                            ? Fmt.meanCi(r.metrics().get(THROUGHPUT) instanceof Summary s ? s : null) : median(r, m)));
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
