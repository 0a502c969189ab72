package dev.loomlab.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * core's packages depend on each other without cycles (docs/design.md): every reference of one core
 * package to another — an import or a qualified name in the source — is an edge, and no package can be
 * reached again from itself.
 */
class PackageCyclesTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/loomlab/core");
    private static final Pattern REFERENCE = Pattern.compile("dev\\.loomlab\\.core\\.([a-z]+)\\.[A-Z]");

    @Test
    void coreHasNoPackageCycles() throws IOException {
        Map<String, Set<String>> edges = edges();
        assertThat(edges).as("core's packages were found").containsKeys("model", "scenario", "trial", "workload", "result");
        List<List<String>> cycles = new Tarjan(edges).cycles();
        assertThat(cycles).as("package cycles, each a strongly connected set of packages").isEmpty();
    }

    @Test
    void theTrialPackageDependsOnScenariosNeverTheOtherWay() throws IOException {
        Map<String, Set<String>> edges = edges();
        assertThat(edges.get("trial")).contains("scenario", "workload");
        assertThat(edges.get("scenario")).doesNotContain("trial", "result");
        assertThat(edges.get("workload")).doesNotContain("trial", "scenario");
    }

    private static Map<String, Set<String>> edges() throws IOException {
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = SOURCES.relativize(file);
                String from = relative.getNameCount() == 1 ? "(root)" : relative.getName(0).toString();
                Set<String> to = edges.computeIfAbsent(from, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(Files.readString(file));
                while (m.find()) {
                    if (!m.group(1).equals(from)) {
                        to.add(m.group(1));
                    }
                }
            }
        }
        return edges;
    }

    /** Tarjan's strongly connected components; a component of more than one package is a cycle. */
    private static final class Tarjan {
        private final Map<String, Set<String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final List<String> stack = new ArrayList<>();
        private final List<List<String>> cycles = new ArrayList<>();
        private int next;

        Tarjan(Map<String, Set<String>> edges) {
            this.edges = edges;
        }

        List<List<String>> cycles() {
            for (String v : edges.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return cycles;
        }

        private void visit(String v) {
            index.put(v, next);
            low.put(v, next++);
            stack.add(v);
            for (String w : edges.getOrDefault(v, Set.of())) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (stack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                List<String> component = new ArrayList<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    cycles.add(component);
                }
            }
        }
    }
}
