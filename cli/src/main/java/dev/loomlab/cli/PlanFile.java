package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.ResultKey;
import dev.loomlab.report.folder.ResultsFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A results folder's {@value ResultsFolder#PLAN}: every result the run that made the folder planned, in
 * plan order, so that a {@code --resume} can tell whether it is asked to continue the same plan.
 */
final class PlanFile {
    /**
     * One planned result as the file holds it.
     *
     * @param jvmArgs the user's flags for its trial JVMs (not loomlab's own)
     */
    record Entry(ResultKey key, List<String> jvmArgs) {
        static Entry of(PlannedResult p) {
            return new Entry(new ResultKey(p.scenario().name(), p.model().name(), ResultKey.paramsText(p.params().json()),
                    ResultKey.jdk(p.jdk().version()), p.forks(), p.warmup(), p.iterations()), List.copyOf(p.jvmArgs()));
        }

        @Override
        public String toString() {
            return key + (jvmArgs.isEmpty() ? "" : " with " + String.join(" ", jvmArgs));
        }
    }

    private PlanFile() {
    }

    static void write(Path dir, List<PlannedResult> plan) throws IOException {
        List<Map<String, Object>> entries = plan.stream().map(PlanFile::toJson).toList();
        Path tmp = dir.resolve(ResultsFolder.PLAN + ".tmp");
        Files.writeString(tmp, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(Map.of("results", entries))
                + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(ResultsFolder.PLAN), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The folder's plan, or empty when the folder has none (made by {@code load}, or by an older loomlab). */
    static Optional<List<Entry>> read(Path dir) throws IOException {
        Path file = dir.resolve(ResultsFolder.PLAN);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Map<String, List<Map<String, Object>>> json = Json.mapper().readValue(file.toFile(),
                new TypeReference<Map<String, List<Map<String, Object>>>>() {
                });
        List<Map<String, Object>> results = json.get("results");
        if (results == null) {
            throw new IOException("no \"results\" list");
        }
        return Optional.of(results.stream().map(PlanFile::fromJson).toList());
    }

    private static Map<String, Object> toJson(PlannedResult p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", p.scenario().name());
        m.put("model", p.model().name());
        m.put("params", p.params().json());
        m.put("jdk", p.jdk().version());
        m.put("forks", p.forks());
        m.put("warmup", p.warmup());
        m.put("iterations", p.iterations());
        m.put("jvm_args", p.jvmArgs());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Entry fromJson(Map<String, Object> m) {
        Map<String, Object> params = (Map<String, Object>) m.getOrDefault("params", Map.of());
        return new Entry(new ResultKey((String) m.get("scenario"), (String) m.get("model"), ResultKey.paramsText(params),
                ResultKey.jdk((String) m.get("jdk")), number(m, "forks"), number(m, "warmup"), number(m, "iterations")),
                List.copyOf((List<String>) m.getOrDefault("jvm_args", List.of())));
    }

    private static int number(Map<String, Object> m, String name) {
        return m.get(name) instanceof Number n ? n.intValue() : -1;
    }
}
