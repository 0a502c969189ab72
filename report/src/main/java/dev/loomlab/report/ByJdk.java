package dev.loomlab.report;

import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Score;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Results of several JDKs side by side: the rows grouped by JDK, and one row per experiment (scenario,
 * model, parameters) with each JDK's mean wall time — and the median of pinned events where recorded —
 * in columns, so a difference such as JEP 491's is one glance.
 */
public final class ByJdk {
    private ByJdk() {
    }

    /** The results grouped by JDK (in the order JDKs first appear), each group in its original order. */
    public static List<Result> grouped(List<Result> results) {
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        for (Result r : results) {
            groups.computeIfAbsent(version(r), k -> new ArrayList<>()).add(r);
        }
        return groups.values().stream().flatMap(List::stream).toList();
    }

    /** The side-by-side table, or null when the results come from fewer than two JDKs. */
    public static TextTable table(List<Result> results) {
        List<String> versions = new ArrayList<>(new LinkedHashSet<>(results.stream().map(ByJdk::version).toList()));
        if (versions.size() < 2) {
            return null;
        }
        // pinned_stacks is null (no section) unless the scenario records pinning.
        boolean pinning = results.stream().anyMatch(r -> r.section(PinnedStacks.SECTION).isPresent());
        Map<String, String> labels = labels(versions);
        List<String> header = new ArrayList<>(List.of("scenario", "model", "params"));
        for (String v : versions) {
            header.add(labels.get(v) + " wall ms (mean)");
            if (pinning) {
                header.add(labels.get(v) + " pinned");
            }
        }
        Map<String, Map<String, Result>> rows = new LinkedHashMap<>();
        for (Result r : results) {
            String key = r.scenario() + "\u0000" + r.model() + "\u0000" + Fmt.params(r.params());
            rows.computeIfAbsent(key, k -> new LinkedHashMap<>()).putIfAbsent(version(r), r);
        }
        TextTable table = new TextTable(header);
        for (Map<String, Result> row : rows.values()) {
            Result any = row.values().iterator().next();
            List<String> cells = new ArrayList<>(List.of(any.scenario(), any.model(), Fmt.params(any.params())));
            for (String v : versions) {
                Result r = row.get(v);
                cells.add(r == null ? "" : wall(r));
                if (pinning) {
                    cells.add(r == null || !r.ok() ? "" : count(r, Metric.PINNED_EVENTS.name()));
                }
            }
            table.add(cells);
        }
        return table;
    }

    private static String wall(Result r) {
        if (!r.ok()) {
            return r.status().json().replace('_', ' ');
        }
        Summary s = ResultRow.summary(r, Score.metric(r));
        return s == null ? "n/a" : Fmt.num(s.mean());
    }

    private static String count(Result r, String metric) {
        Summary s = ResultRow.summary(r, metric);
        if (s == null) {
            return "n/a";
        }
        return s.median() == Math.rint(s.median()) ? String.format(java.util.Locale.ROOT, "%,.0f", s.median()) : Fmt.num(s.median());
    }

    /** "java 21" per JDK, or the full version where two JDKs share a feature release. */
    private static Map<String, String> labels(List<String> versions) {
        Map<String, String> labels = new LinkedHashMap<>();
        Set<String> features = new LinkedHashSet<>();
        Set<String> shared = new LinkedHashSet<>();
        for (String v : versions) {
            if (!features.add(ResultRow.featureOf(v))) {
                shared.add(ResultRow.featureOf(v));
            }
        }
        for (String v : versions) {
            String feature = ResultRow.featureOf(v);
            labels.put(v, "java " + (shared.contains(feature) ? v : feature));
        }
        return labels;
    }

    private static String version(Result r) {
        return r.jvm() == null || r.jvm().version() == null ? "?" : r.jvm().version();
    }
}
