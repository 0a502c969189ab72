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
 * loomlab's packages depend on each other without cycles (docs/design.md), in every module: every reference of
 * one package to another — an import or a qualified name in the source — is an edge, and no package can be
 * reached again from itself.
 */
class PackageCyclesTest {
    private static final Path ROOT = Path.of(System.getProperty("loomlab.home", ".."));
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+(dev\\.loomlab[a-z0-9_.]*)\\s*;?");
    // Javadoc names types in prose ("e.g. dev.loomlab.bench.…"): what a comment says is not a dependency.
    private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/|(?m)//[^\\n]*$");
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.loomlab(?:\\.[a-z][a-z0-9_]*)+)\\.[A-Z]");

    @Test
    void noModuleHasPackageCycles() throws IOException {
        Map<String, Set<String>> edges = edges();
        assertThat(edges).as("every module's packages were found").containsKeys("dev.loomlab.core.model",
                "dev.loomlab.core.trial", "dev.loomlab.load", "dev.loomlab.report", "dev.loomlab.cli",
                "dev.loomlab.kotlin", "dev.loomlab.db");
        List<List<String>> cycles = new Tarjan(edges).cycles();
        assertThat(cycles).as("package cycles, each a strongly connected set of packages").isEmpty();
    }

    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> edges = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                "d", Set.of("a")));
        assertThat(new Tarjan(edges).cycles()).hasSize(1).first().asInstanceOf(
                org.assertj.core.api.InstanceOfAssertFactories.LIST).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void theTrialPackageDependsOnScenariosNeverTheOtherWay() throws IOException {
        Map<String, Set<String>> edges = edges();
        String core = "dev.loomlab.core.";
        assertThat(edges.get(core + "trial")).contains(core + "scenario", core + "workload");
        assertThat(edges.get(core + "scenario")).doesNotContain(core + "trial", core + "result");
        assertThat(edges.get(core + "workload")).doesNotContain(core + "trial", core + "scenario");
    }

    /** Package to the packages its main sources reference, over every module's src/main (Java and Kotlin). */
    private static Map<String, Set<String>> edges() throws IOException {
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(PackageCyclesTest::isMainSource).toList()) {
                String text = COMMENT.matcher(Files.readString(file)).replaceAll(" ");
                Matcher p = PACKAGE.matcher(text);
                if (!p.find()) {
                    continue;
                }
                String from = p.group(1);
                Set<String> to = edges.computeIfAbsent(from, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(text.substring(p.end()));
                while (m.find()) {
                    if (!m.group(1).equals(from)) {
                        to.add(m.group(1));
                    }
                }
            }
        }
        return edges;
    }

    private static boolean isMainSource(Path file) {
        String s = ROOT.relativize(file).toString().replace('\\', '/');
        return (s.endsWith(".java") || s.endsWith(".kt")) && s.contains("/src/main/") && !s.contains("/target/")
                && !s.startsWith(".") && !s.contains("/.");
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
