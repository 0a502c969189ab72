package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;

/**
 * The charts of one page: each chart's spec (data plus what kind of chart draws it, read by
 * {@code report.js}) and the element it is drawn into.
 */
final class ChartSet {
    private final ArrayNode specs = Json.mapper().createArrayNode();

    /**
     * Adds a chart and returns its placeholder element.
     *
     * @param spec made by one of the chart classes; gets its {@code id} here
     * @param size {@code wide} (a full-width chart) or {@code small} (one of a grid)
     */
    String add(ObjectNode spec, String size) {
        String id = "chart-" + (specs.size() + 1);
        spec.put("id", id);
        specs.add(spec);
        return "<div class=\"chart " + size + "\" id=\"" + id + "\" role=\"img\" aria-label=\""
                + Html.esc(spec.path("title").asText()) + "\"></div>\n";
    }

    int size() {
        return specs.size();
    }

    ArrayNode specs() {
        return specs;
    }
}
