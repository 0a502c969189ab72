package dev.loomlab.core.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads and writes {@link Result}s as the single JSON lines of {@code results.jsonl}. A metric is typed by
 * its shape, not its name, so a scenario that adds metrics needs no change here: an object with a
 * {@code median} is a {@link Summary}, one with a {@code p50} a {@link LatencySummary}, anything else stays
 * plain JSON (maps, lists, numbers). Every top-level field that is not one of {@link Result}'s own is a
 * section, kept as JSON until a {@link ResultSection} reads it.
 */
public final class ResultJson {
    /** The fields {@link Result} holds itself, in the order Jackson writes them. */
    static final List<String> CORE = List.of(Result.class.getAnnotation(JsonPropertyOrder.class).value());
    /**
     * The order of a line's fields as docs/results.md documents them: the core fields with the sections the
     * contract names among them. A section not named here follows, in the order it was set or read.
     */
    static final List<String> ORDER = List.of("contract", "scenario", "model", "model_info", "form", "params", "jvm",
            "forks", "warmup", "iterations", "status", "error", "first_failure", "slo", "score", "metrics", "bound_ms",
            "efficiency", "serial_task_ms", "published", "logs", "pinned_stacks", "gc_collector", "gc_pause_ms",
            "histograms", "jmh", "profiles", "capacity", "knee_cause", "service", "engine");

    private ResultJson() {
    }

    /** One result as one line of JSON (no newline). */
    public static String toLine(Result r) {
        ObjectMapper m = Json.mapper();
        ObjectNode core = m.valueToTree(r);
        Sections sections = r.sections();
        ObjectNode line = m.createObjectNode();
        for (String field : ORDER) {
            JsonNode value = core.has(field) ? core.get(field) : sections.json(field);
            if (value != null) {
                line.set(field, value);
            }
        }
        for (String field : sections.names()) {
            if (!line.has(field)) {
                line.set(field, sections.json(field));
            }
        }
        try {
            return m.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write result " + r.scenario() + " " + r.model(), e);
        }
    }

    /**
     * A line {@link #toLine} wrote, metrics typed again as {@link Summary} and {@link LatencySummary}.
     *
     * @throws IOException when the line is not JSON, not a result (no scenario, model or status), or of a
     *                     contract this version does not read (newer than {@value Result#CONTRACT})
     */
    public static Result fromLine(String line) throws IOException {
        ObjectMapper m = Json.mapper();
        if (!(m.readTree(line) instanceof ObjectNode node)) {
            throw new IOException("not a result object");
        }
        checkContract(node.get("contract"));
        for (String field : new String[]{"scenario", "model", "status"}) {
            if (!node.path(field).isTextual()) {
                throw new IOException("not a result: \"" + field + "\" is missing or not text");
            }
        }
        JsonNode metricsNode = node.remove("metrics");
        if (metricsNode != null && !metricsNode.isObject() && !metricsNode.isNull()) {
            throw new IOException("not a result: \"metrics\" is not an object");
        }
        ObjectNode sections = m.createObjectNode();
        List<String> fields = new ArrayList<>();
        node.fieldNames().forEachRemaining(fields::add);
        for (String field : fields) {
            if (!CORE.contains(field)) {
                sections.set(field, node.remove(field));
            }
        }
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
                plain.histograms(), Sections.read(sections));
    }

    /** A line without a contract is contract 1; one above {@link Result#CONTRACT} was written by a newer loomlab. */
    private static void checkContract(JsonNode contract) throws IOException {
        if (contract == null) {
            return;
        }
        if (!contract.isIntegralNumber() || contract.bigIntegerValue().signum() < 1) {
            throw new IOException("\"contract\": " + contract + " is not a contract version (1 to " + Result.CONTRACT + ")");
        }
        if (contract.bigIntegerValue().compareTo(BigInteger.valueOf(Result.CONTRACT)) > 0) {
            throw new IOException("written by a newer loomlab (contract " + contract + "); this one reads contracts 1 to "
                    + Result.CONTRACT + ": update loomlab to read it");
        }
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

    /**
     * Every result in a {@code results.jsonl} file, in order. A last line that is not JSON and has no newline
     * after it is a write cut short (a killed run): it is skipped and {@code warning} told so; any other line
     * that is not a result is an error.
     *
     * @throws IOException naming the line that is not a result, or when the file is not UTF-8 text
     */
    public static List<Result> readAll(Path jsonl, Consumer<String> warning) throws IOException {
        return readAll(jsonl, warning, List.of());
    }

    /**
     * As {@link #readAll(Path, Consumer)}, each line's {@code sections} read as they are, so that a section of the
     * wrong shape is an error naming its line, like any other field of the wrong type.
     *
     * @param sections the sections the caller reads
     */
    public static List<Result> readAll(Path jsonl, Consumer<String> warning, Collection<? extends ResultSection<?>> sections)
            throws IOException {
        String text;
        try {
            text = Files.readString(jsonl, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IOException("not UTF-8 text", e);
        }
        boolean lastLineEnded = text.isEmpty() || text.endsWith("\n") || text.endsWith("\r");
        List<String> lines = text.lines().toList();
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            try {
                Result r = fromLine(line);
                r.sections().check(sections);
                out.add(r);
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1 && !lastLineEnded && !(e instanceof DatabindException)) {
                    warning.accept("skipped the last line of " + jsonl + " (line " + (i + 1)
                            + "): cut short, as a killed run leaves it");
                } else {
                    throw new IOException("line " + (i + 1) + ": " + e.getOriginalMessage(), e);
                }
            } catch (IOException e) {
                throw new IOException("line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return out;
    }
}
