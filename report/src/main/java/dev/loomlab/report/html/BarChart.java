package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.analysis.Metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A bar chart of one metric: a bar per result (category) and JDK (series) at the mean, a whisker for the
 * 99.9% CI of the mean (none, and an {@code n<3} label, with fewer samples); for wall time also each
 * result's bound (a dash across its bar) and the article's published figure as a bar of its own beside ours.
 */
final class BarChart {
    /** Values spanning more than this ratio are drawn on a log axis. */
    static final double LOG_RATIO = 30;

    private BarChart() {
    }

    /** @param results ok results that carry {@code metric}, in the order to draw them */
    static ObjectNode spec(String title, String metric, List<Result> results, Labels labels) {
        boolean wall = metric.equals(Metric.WALL_MS.name());
        List<String> categories = new ArrayList<>();
        Map<String, Map<String, Result>> bySeries = new LinkedHashMap<>();
        Map<String, Result.PublishedFigure> published = new LinkedHashMap<>();
        for (Result r : results) {
            String c = labels.category(r);
            if (!categories.contains(c)) {
                categories.add(c);
            }
            bySeries.computeIfAbsent(labels.series(r), k -> new LinkedHashMap<>()).putIfAbsent(c, r);
            if (r.published() != null && r.published().metricName().equals(metric)) {
                published.putIfAbsent(c, r.published());
            }
        }
        ObjectNode spec = MetricChartSpec.of("bars", title, metric);
        ArrayNode cats = spec.putArray("categories");
        categories.forEach(cats::add);
        List<Double> all = new ArrayList<>();
        ArrayNode series = spec.putArray("series");
        bySeries.forEach((name, byCategory) -> {
            ObjectNode s = series.addObject();
            s.put("name", name);
            ArrayNode values = s.putArray("values");
            ArrayNode bounds = s.putArray("bounds");
            for (String c : categories) {
                Result r = byCategory.get(c);
                Summary m = r == null ? null : Metrics.summary(r, metric);
                if (m == null) {
                    values.addNull();
                    bounds.addNull();
                    continue;
                }
                values.add(value(m));
                all.add(m.mean());
                if (wall && r.boundMs() != null) {
                    bounds.add(r.boundMs());
                    all.add(r.boundMs());
                } else {
                    bounds.addNull();
                }
            }
        });
        if (!published.isEmpty()) {
            ArrayNode pub = spec.putArray("published");
            for (String c : categories) {
                Result.PublishedFigure f = published.get(c);
                if (f == null) {
                    pub.addNull();
                } else {
                    ObjectNode p = pub.addObject();
                    p.put("value", f.figure());
                    p.put("source", f.article());
                    p.put("label", "[" + f.article() + "] " + f.hardware());
                    all.add(f.figure());
                }
            }
        }
        spec.put("log", logScale(all));
        return spec;
    }

    /**
     * {@code {mean, low, high, n, median, note}}: the mean with the bounds of the 99.9% CI of the mean (null
     * with too few samples for one, and {@code note} then {@code n<3}), the sample count, and the median, a
     * descriptive figure for the tooltip.
     */
    static ObjectNode value(Summary m) {
        ObjectNode v = Json.mapper().createObjectNode();
        v.put("mean", m.mean());
        if (m.ci999() != null) {
            v.put("low", m.ci999().low());
            v.put("high", m.ci999().high());
        } else {
            v.putNull("low");
            v.putNull("high");
        }
        v.put("n", m.n());
        v.put("median", m.median());
        if (m.hasInterval()) {
            v.putNull("note");
        } else {
            v.put("note", "n<" + Summary.MIN_CI_SAMPLES);
        }
        return v;
    }

    /** True when the positive values span more than {@link #LOG_RATIO} (and none is zero or less). */
    static boolean logScale(List<Double> values) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            if (v <= 0) {
                return false;
            }
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return max > 0 && max / min > LOG_RATIO;
    }
}
