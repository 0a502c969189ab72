package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;

import java.util.ArrayList;
import java.util.List;

/** Reads back what a rendered page holds: its chart specs. */
final class ReportPage {
    private static final String OPEN = "<script type=\"application/json\" id=\"chart-data\">";

    private ReportPage() {
    }

    static List<JsonNode> charts(String html) throws Exception {
        int start = html.indexOf(OPEN) + OPEN.length();
        int end = html.indexOf("</script>", start);
        List<JsonNode> out = new ArrayList<>();
        Json.mapper().readTree(html.substring(start, end)).forEach(out::add);
        return out;
    }

    static List<JsonNode> charts(String html, String kind) throws Exception {
        return charts(html).stream().filter(c -> c.get("kind").asText().equals(kind)).toList();
    }
}
