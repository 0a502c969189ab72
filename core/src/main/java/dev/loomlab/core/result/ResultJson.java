package dev.loomlab.core.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes {@link Result}s as the single JSON lines of {@code results.jsonl}. A metric is typed by
 * its shape, not its name, so a scenario that adds metrics needs no change here: an object with a
 * {@code median} is a {@link Summary}, one with a {@code p50} a {@link LatencySummary}, anything else stays
 * plain JSON (maps, lists, numbers).
 */
public final class ResultJson {

    private ResultJson() {
    }

    /** One result as one line of JSON (no newline). */
    public static String toLine(Result r) {
        try {
            return Json.mapper().writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write result " + r.scenario() + " " + r.model(), e);
        }
    }

    /** A line {@link #toLine} wrote, metrics typed again as {@link Summary} and {@link LatencySummary}. */
    public static Result fromLine(String line) throws IOException {
        ObjectMapper m = Json.mapper();
        if (!(m.readTree(line) instanceof ObjectNode node)) {
            throw new IOException("not a result object");
        }
        JsonNode metricsNode = node.remove("metrics");
        Result plain = m.treeToValue(node, Result.class);
        Map<String, Object> metrics = new LinkedHashMap<>();
        if (metricsNode != null && metricsNode.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = metricsNode.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                metrics.put(e.getKey(), metric(m, e.getValue()));
            }
        }
        return new Result(plain.contract(), plain.scenario(), plain.model(), plain.modelInfo(), plain.form(), plain.params(),
                plain.jvm(), plain.forks(), plain.warmup(), plain.iterations(), plain.status(), plain.error(), plain.score(),
                metrics, plain.boundMs(), plain.efficiency(), plain.serialTaskMs(), plain.published(), plain.logs(),
                plain.pinnedStacks(), plain.histograms(), plain.jmh());
    }

    private static Object metric(ObjectMapper m, JsonNode value) throws JsonProcessingException {
        if (value.isNull()) {
            return null;
        }
        if (value.has("median")) {
            return m.treeToValue(value, Summary.class);
        }
        if (value.has("p50")) {
            return m.treeToValue(value, LatencySummary.class);
        }
        return m.treeToValue(value, Object.class);
    }

    /** Every result in a {@code results.jsonl} file, in order; a torn last line (a killed run) is skipped. */
    public static List<Result> readAll(Path jsonl) throws IOException {
        List<Result> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            try {
                out.add(fromLine(line));
            } catch (IOException e) {
                if (i < lines.size() - 1) {
                    throw new IOException(jsonl + " line " + (i + 1) + ": " + e.getMessage(), e);
                }
            }
        }
        return out;
    }
}
