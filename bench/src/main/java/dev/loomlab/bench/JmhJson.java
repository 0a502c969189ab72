package dev.loomlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.outcome.JmhRun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark of the JSON file JMH writes with {@code -rf json}: its score, error, unit and settings
 * as a {@link JmhRun}, and its raw data (every measured iteration's score, fork by fork).
 *
 * @param rawData per fork, each measured iteration's score in {@code run.unit()}
 */
public record JmhJson(JmhRun run, List<List<Double>> rawData) {

    /** The single benchmark JMH wrote to {@code file}. */
    public static JmhJson read(Path file) throws IOException {
        JsonNode root = Json.mapper().readTree(file.toFile());
        if (root == null || !root.isArray() || root.size() != 1) {
            throw new IOException("expected one benchmark in JMH's JSON " + file + ", found "
                    + (root == null || !root.isArray() ? "none" : root.size()));
        }
        return of(root.get(0));
    }

    static JmhJson of(JsonNode b) throws IOException {
        JsonNode primary = b.path("primaryMetric");
        if (!primary.path("score").isNumber() || !primary.path("rawData").isArray()) {
            throw new IOException("JMH's JSON has no primaryMetric score and rawData");
        }
        List<List<Double>> raw = new ArrayList<>();
        for (JsonNode fork : primary.get("rawData")) {
            List<Double> values = new ArrayList<>();
            fork.forEach(v -> values.add(v.asDouble()));
            raw.add(values);
        }
        JsonNode error = primary.path("scoreError");
        // JMH writes "NaN" (a string) when one iteration gives no error estimate.
        Double err = error.isNumber() ? error.asDouble() : null;
        JmhRun run = new JmhRun(b.path("benchmark").asText(), b.path("mode").asText(), primary.get("score").asDouble(), err,
                primary.path("scoreUnit").asText(), b.path("forks").asInt(), b.path("warmupIterations").asInt(),
                b.path("warmupTime").asText(), b.path("measurementIterations").asInt(), b.path("measurementTime").asText());
        return new JmhJson(run, raw);
    }
}
