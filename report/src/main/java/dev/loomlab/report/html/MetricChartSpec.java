package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.report.analysis.Metrics;

/** The start of the spec of a chart of one metric: its kind, title and metric, the y axis named after the metric. */
final class MetricChartSpec {
    private MetricChartSpec() {
    }

    static ObjectNode of(String kind, String title, String metric) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", kind);
        spec.put("title", title);
        spec.put("metric", metric);
        spec.put("yName", Metrics.label(metric));
        return spec;
    }
}
