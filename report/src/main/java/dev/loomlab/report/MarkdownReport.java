package dev.loomlab.report;

import dev.loomlab.prof.ResultProfile;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.result.Result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.md}: the environment, the results table (grouped by JDK), the JDKs side by side when
 * there are several, the pinned stacks, the article's ratios beside ours, and every result that is not
 * ok with its full reason.
 */
public final class MarkdownReport {
    private static final int PINNED_STACKS = 3;
    private static final int PINNED_FRAMES = 24;

    private MarkdownReport() {
    }

    /** @param environment the contents of summary.json, shown as a list */
    public static String render(List<Result> results, Map<String, Object> environment) {
        StringBuilder sb = new StringBuilder("# loomlab results\n\n");
        List<String> answer = AssessAnswer.lines(results);
        if (!answer.isEmpty()) {
            sb.append("## Assessment\n\nEach arm of the service against the first one named: its capacity within the objective,"
                    + " its latency at common rates (medians of alternating turns, the ratio with its exact 99% interval), and"
                    + " what stopped it.\n");
            answer.forEach(line -> sb.append(line.startsWith("Answer for ") ? "\n### " + line.substring("Answer for ".length())
                    + "\n" : line).append('\n'));
            sb.append('\n');
        }
        sb.append("## Environment\n\n");
        environment.forEach((k, v) -> sb.append("- **").append(k).append("**: ").append(value(v)).append('\n'));
        sb.append("\n## Results\n\n");
        sb.append("Each result's score (the wall time for most scenarios, its metric named otherwise) is the mean over all measured iterations of all forks ± the half-width of the 99.9% ")
                .append("confidence interval of the mean (Student t); `").append(Fmt.NO_CI).append("` instead of an interval ")
                .append("where there were fewer than ").append(dev.loomlab.core.stats.Summary.MIN_CI_SAMPLES)
                .append(" samples. The interval describes each mean alone: whether one result is faster than another is not read ")
                .append("from overlapping intervals but, as `loomlab compare` and `loomlab advise` judge it, from the ratio of their ")
                .append("iterations with its exact ").append(dev.loomlab.report.analysis.Difference.CONFIDENCE_PCT)
                .append("% interval (at least ").append(dev.loomlab.report.analysis.Difference.samplesNeeded())
                .append(" samples a side). eff = bound / mean (1.0 is the best physics allows). ")
                .append("cpu %, rss MB and threads are medians per iteration of the process under test (the server for web and echo). ")
                .append("Published figures come from the articles' own hardware: compare ratios, not times.\n\n");
        TextTable table = new TextTable(ResultRow.HEADER);
        ByJdk.grouped(results).forEach(r -> table.add(ResultRow.cells(r)));
        sb.append(table.markdown());
        TextTable byJdk = ByJdk.table(results);
        if (byJdk != null) {
            sb.append("\n## By JDK\n\n")
                    .append("Each experiment's mean wall time (ms) on every JDK of the run; pinned = JFR ")
                    .append("`jdk.VirtualThreadPinned` events per iteration (median), where the scenario records them.\n\n")
                    .append(byJdk.markdown());
        }
        TextTable jmh = JmhTable.of(results);
        if (jmh != null) {
            sb.append("\n## Microbenchmarks (JMH)\n\n")
                    .append("JMH's own figures: the score (mean of every measured iteration of every fork) ± its error, ")
                    .append("the half-width of the 99.9% confidence interval, with the settings it ran with. ")
                    .append("The article's figure is in the unit of the metric named beside it.\n\n")
                    .append(jmh.markdown());
        }
        Map<String, TextTable> own = ScenarioMetrics.tables(results);
        if (!own.isEmpty()) {
            sb.append("\n## Scenario metrics\n\n")
                    .append("What each scenario's workload reports of its own, median per iteration.\n");
            own.forEach((scenario, t) -> sb.append("\n### ").append(scenario).append("\n\n").append(t.markdown()));
        }
        List<String> capacity = CapacityText.sections(results, true);
        if (!capacity.isEmpty()) {
            sb.append("\n## Capacity\n\nThe highest open-model rate that met the objective: doubling until a step failed, then "
                    + "bisecting; each step's latency is from the intended send time (coordinated omission corrected). "
                    + "report.html draws each curve.\n\n");
            capacity.forEach(section -> sb.append(section).append('\n'));
        }
        String pinned = PinnedStackText.section(results, PINNED_STACKS, PINNED_FRAMES);
        if (!pinned.isEmpty()) {
            sb.append("\n## Pinned stacks\n\n")
                    .append("Where virtual threads were pinned (JFR, threshold 0), innermost frame first; the ")
                    .append("`java.lang.VirtualThread` park frames every event shares are left out.\n\n```\n")
                    .append(pinned).append("```\n");
        }
        listSection(sb, "SLO breaches", "Results that missed the service level objective they were judged against (--slo; "
                + "for web and load article 003's p99<500ms,errors<1% unless --slo gave another): each term missed, with its "
                + "figure.", "**breached**: ", SloBreaches.lines(results));
        listSection(sb, "Calls that threw", "Results measured although some calls threw: the calls were counted and the "
                + "iterations went on. The first exception's whole stack is in the trial log.", "", CallFailures.lines(results));
        List<Result> profiled = results.stream().filter(r -> !r.section(ResultProfile.SECTION).isEmpty()).toList();
        if (!profiled.isEmpty()) {
            sb.append("\n## Profiles\n\nRecorded over the measured iterations only (--prof); the top frame by self samples.\n\n");
            for (Result r : profiled) {
                for (var p : r.section(ResultProfile.SECTION)) {
                    sb.append("- ").append(r.scenario()).append(' ').append(r.model()).append(' ').append(Fmt.params(r.params()))
                            .append(", ").append(p.profiler()).append(p.process() == null ? "" : " of the " + p.process())
                            .append(", fork ").append(p.fork());
                    p.flameGraphs().forEach(f -> sb.append(": [flame graph](").append(f).append(')'));
                    if (p.topFrames() != null && p.topFrames().path("frames").size() > 0) {
                        var top = p.topFrames().get("frames").get(0);
                        sb.append(String.format(java.util.Locale.ROOT, "; top `%s` %.1f%% self", top.path("frame").asText(),
                                top.path("self_pct").asDouble()));
                    }
                    if (p.error() != null) {
                        sb.append("; **profile missing**: ").append(p.error());
                    }
                    if (p.verdict() != null) {
                        sb.append("; ").append(p.verdict());
                    }
                    sb.append('\n');
                }
            }
        }
        String ratios = ratios(results);
        if (!ratios.isEmpty()) {
            sb.append("\n## Ratios beside the articles'\n\n")
                    .append("Each model's mean wall time relative to the first model of the same experiment that has a published figure.\n\n")
                    .append(ratios);
        }
        sb.append(ArticlesCited.markdown(results));
        List<Result> bad = results.stream().filter(r -> !r.ok()).toList();
        if (!bad.isEmpty()) {
            sb.append("\n## Not ok\n\n");
            for (Result r : bad) {
                sb.append("### ").append(r.status()).append(": ").append(r.scenario()).append(' ').append(r.model())
                        .append(' ').append(Fmt.params(r.params())).append("\n\n```\n").append(r.error()).append("\n```\n\n");
            }
        }
        return sb.toString();
    }

    private static String ratios(List<Result> results) {
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        for (Result r : results) {
            if (r.ok() && r.published() != null && r.published().wallMs() != null && ResultRow.summary(r, Metric.WALL_MS.name()) != null) {
                String key = r.scenario() + " " + Fmt.params(r.params()) + " " + (r.jvm() == null ? "" : r.jvm().version());
                groups.computeIfAbsent(key, k -> new java.util.ArrayList<>()).add(r);
            }
        }
        TextTable t = new TextTable(List.of("experiment", "model", "ours ms (mean)", "article ms", "ours ratio", "article ratio", "source"));
        int rows = 0;
        for (Map.Entry<String, List<Result>> g : groups.entrySet()) {
            Result ref = g.getValue().get(0);
            double oursRef = ResultRow.summary(ref, Metric.WALL_MS.name()).mean();
            double theirsRef = ref.published().wallMs();
            for (Result r : g.getValue()) {
                double ours = ResultRow.summary(r, Metric.WALL_MS.name()).mean();
                t.add(List.of(g.getKey(), r.model(), Fmt.num(ours), Fmt.num(r.published().wallMs()),
                        ratio(ours / oursRef), ratio(r.published().wallMs() / theirsRef), "[" + r.published().article() + "] " + r.published().title()));
                rows++;
            }
        }
        return rows == 0 ? "" : t.markdown();
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }

    /** A summary.json value on one line: a map as {@code key: value, …} (nested ones in parentheses), anything else as text. */
    private static String value(Object v) {
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder();
            m.forEach((k, x) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(": ")
                    .append(x instanceof Map<?, ?> ? "(" + value(x) + ")" : value(x)));
            return sb.toString();
        }
        return String.valueOf(v);
    }

    /** A section of one bullet per line, each line as code after {@code label}; nothing when there are no lines. */
    private static void listSection(StringBuilder sb, String title, String intro, String label, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        sb.append("\n## ").append(title).append("\n\n").append(intro).append("\n\n");
        lines.forEach(line -> sb.append("- ").append(label).append('`').append(line.replace("`", "'")).append("`\n"));
    }
}
