package dev.loomlab.report.html;

import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.Timeline;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.load.web.WebMetrics;
import dev.loomlab.report.CapacityText;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.ResultRow;
import dev.loomlab.report.advise.Advice;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Sweep;
import dev.loomlab.report.analysis.SweepFinder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One scenario's part of report.html: its headline metric as bars (mean, 99.9% CI of the mean, bound, the article's figure),
 * its sweeps as curves, its latency distributions, every other metric as a small chart, and its table.
 * All of it is driven by the metric names the results carry, so a new scenario's metrics are drawn
 * without a change here.
 */
final class ScenarioSection {
    private ScenarioSection() {
    }

    /** @param advice the advice drawn from this scenario's results */
    static String render(String scenario, List<Result> results, List<Advice> advice, ChartSet charts) {
        StringBuilder sb = new StringBuilder();
        sb.append("<section class=\"scenario\" id=\"scenario-").append(Html.id(scenario)).append("\">\n<h2>")
                .append(Html.esc(scenario)).append("</h2>\n");
        List<Result> ok = results.stream().filter(Result::ok).toList();
        String headline = Metrics.headline(ok);
        Labels labels = new Labels(ok);
        if (headline == null) {
            sb.append("<p class=\"note\">No result of this scenario was measured ok; see the table and the list below.</p>\n");
        } else {
            List<Result> drawn = ok.stream().filter(r -> Metrics.summary(r, headline) != null).toList();
            sb.append(charts.add(BarChart.spec(scenario + ": " + Metrics.label(headline) + " by model (mean, 99.9% CI)",
                    headline, drawn, labels), "wide"));
            List<String> notDrawn = results.stream().filter(r -> !r.ok()).map(r -> r.model() + " " + Fmt.params(r.params())
                    + " (" + r.status() + ")").toList();
            if (!notDrawn.isEmpty()) {
                sb.append("<p class=\"note\">Not drawn: ").append(Html.esc(String.join("; ", notDrawn))).append(".</p>\n");
            }
            List<Sweep> sweeps = new ArrayList<>(SweepFinder.find(ok, headline));
            if (headline.equals(Metric.THROUGHPUT_PER_S.name())) {
                // A load sweep's other half: where the latency tail turns up as the throughput levels off.
                sweeps.addAll(SweepFinder.find(ok, Metrics.P99.name()));
            }
            for (Sweep s : sweeps) {
                sb.append(charts.add(SweepChart.spec(s, labels), "wide"));
            }
            for (String latency : Metrics.latencyNames(ok)) {
                List<Result> withLatency = ok.stream().filter(r -> Metrics.latency(r, latency) != null).toList();
                sb.append(charts.add(PercentileChart.spec(scenario + ": " + Metrics.label(latency) + " by percentile",
                        latency, withLatency, labels), "wide"));
            }
        }
        sb.append(capacity(scenario, results, charts));
        sb.append(timelines(scenario, ok, charts));
        if (!advice.isEmpty()) {
            sb.append("<h3>Advice</h3>\n").append(HtmlReport.adviceWithEvidence(advice));
        }
        if (headline != null) {
            sb.append(otherMetrics(scenario, ok, headline, labels, charts));
        }
        List<List<String>> rows = results.stream().map(ResultRow::cells).toList();
        sb.append(Html.table(ResultRow.HEADER, rows, numericColumns()));
        return sb.append("</section>\n").toString();
    }

    /**
     * Each result's capacity searches: one search's answer and its latency curve; several searches' spread, every
     * search's curve in one chart, and each search's answer.
     */
    private static String capacity(String scenario, List<Result> results, ChartSet charts) {
        StringBuilder sb = new StringBuilder();
        for (Result r : results) {
            List<CapacitySearch> searches = r.section(CapacitySearch.SECTION);
            if (searches.isEmpty()) {
                continue;
            }
            Double bound = Metrics.mean(r, WebMetrics.BOUND_THROUGHPUT_PER_S);
            bound = bound == null || bound.isNaN() ? null : bound;
            String which = r.model() + " " + Fmt.params(r.params());
            String title = scenario + " " + r.model() + ": latency by offered rate";
            if (searches.size() == 1) {
                sb.append("<h3>Capacity: ").append(Html.esc(which)).append("</h3>\n<p>")
                        .append(Html.esc(CapacityText.answer(searches.getFirst()))).append("</p>\n")
                        .append(charts.add(CapacityChart.spec(title, searches.getFirst(), bound), "wide"));
                continue;
            }
            sb.append("<h3>Capacity: ").append(Html.esc(which)).append(" (").append(searches.size()).append(" searches)</h3>\n<p>")
                    .append(Html.esc(CapacityText.answer(searches))).append("</p>\n")
                    .append(charts.add(CapacityChart.spec(title + ", every search", searches, bound), "wide"))
                    .append("<ol>\n");
            searches.forEach(s -> sb.append("<li>").append(Html.esc(CapacityText.answer(s))).append("</li>\n"));
            sb.append("</ol>\n");
        }
        return sb.toString();
    }

    /** Each result's first measured load run second by second, folded away: a sweep has one per point. */
    private static String timelines(String scenario, List<Result> ok, ChartSet charts) {
        StringBuilder inner = new StringBuilder();
        int n = 0;
        for (Result r : ok) {
            List<Timeline> runs = r.section(Timeline.SECTION);
            if (!runs.isEmpty()) {
                n++;
                inner.append(charts.add(TimelineChart.spec(scenario + " " + r.model() + " " + Fmt.params(r.params())
                        + ": iteration " + runs.getFirst().iteration() + " of " + runs.size() + " second by second",
                        runs.getFirst()), "tall"));
            }
        }
        return n == 0 ? "" : "<details class=\"timelines\" open><summary>Resources second by second (" + n
                + (n == 1 ? " result" : " results") + ")</summary>\n" + inner + "</details>\n";
    }

    /** A small chart per other metric that differs between results; the constant ones in one line. */
    private static String otherMetrics(String scenario, List<Result> ok, String headline, Labels labels, ChartSet charts) {
        StringBuilder grid = new StringBuilder();
        List<String> constant = new ArrayList<>();
        for (String metric : Metrics.summaryNames(ok)) {
            if (metric.equals(headline)) {
                continue;
            }
            List<Result> with = ok.stream().filter(r -> Metrics.summary(r, metric) != null).toList();
            Set<Double> means = new HashSet<>();
            with.forEach(r -> means.add(Metrics.mean(r, metric)));
            if (means.size() == 1 && with.size() > 1) {
                constant.add(metric + " " + figure(means.iterator().next()));
            } else {
                grid.append(charts.add(BarChart.spec(Metrics.label(metric) + " (mean, 99.9% CI)", metric, with, labels), "small"));
            }
        }
        StringBuilder sb = new StringBuilder();
        if (!grid.isEmpty()) {
            sb.append("<h3>Other metrics</h3>\n<div class=\"grid\">\n").append(grid).append("</div>\n");
        }
        if (!constant.isEmpty()) {
            sb.append("<p class=\"note\">The same for every result of ").append(Html.esc(scenario)).append(": ")
                    .append(Html.esc(String.join(", ", constant))).append(".</p>\n");
        }
        return sb.toString();
    }

    /** Whole numbers without decimals ({@code 0}, {@code 500}), others as {@link Fmt#num}. */
    private static String figure(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(java.util.Locale.ROOT, "%,.0f", v) : Fmt.num(v);
    }

    static boolean[] numericColumns() {
        boolean[] numeric = new boolean[ResultRow.HEADER.size()];
        for (int i = 5; i < numeric.length; i++) {
            numeric[i] = true;
        }
        return numeric;
    }
}
