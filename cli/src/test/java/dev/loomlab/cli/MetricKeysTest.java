package dev.loomlab.cli;

import dev.loomlab.core.Plugins;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.stats.MetricCatalog;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.load.LoadScenario;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every metric is declared once, with the unit docs/results.md gives it: the page's metric table names the
 * metrics, its table of name endings gives their units (read from the page, not from the code), and every
 * key a scenario says its results carry is a declared one.
 */
class MetricKeysTest {
    private static final Pattern NAME = Pattern.compile("`([a-z][a-z0-9_]*(?:<[a-z]+>[a-z0-9_]*)?)`( \\(1 or 0\\))?");

    @Test
    void everyMetricTheResultsPageDocumentsIsDeclaredOnceWithItsUnit() throws Exception {
        String page = Files.readString(Path.of(System.getProperty("loomlab.home", "..")).resolve("docs/results.md"));
        String section = page.substring(page.indexOf("### Metrics"), page.indexOf("## report.html"));
        Map<String, String> endings = endings(section);
        Map<String, String> documented = documented(section, endings);
        assertThat(documented).as("metrics in docs/results.md's metric table").hasSizeGreaterThan(60)
                .containsKeys("wall_ms", "pool_wait_p50_ms", "gc_churn_<pool>_mb", "generator_bound", "switch_cost_us");
        Map<String, List<MetricKey>> declared = declarations().stream().collect(Collectors.groupingBy(MetricKey::name));
        documented.forEach((name, unit) -> {
            assertThat(declared.get(name)).as("declarations of %s", name).hasSize(1);
            assertThat(declared.get(name).get(0).unit().text()).as("unit of %s (docs/results.md: %s)", name, unit)
                    .isEqualTo(unit);
        });
    }

    @Test
    void noTwoDeclarationsShareAName() {
        List<String> names = declarations().stream().map(MetricKey::name).toList();
        assertThat(names).doesNotHaveDuplicates();
    }

    @Test
    void everyKeyAScenarioDeclaresIsInTheCatalogWithAUnitAndADirection() {
        MetricCatalog catalog = MetricCatalog.load();
        List<ScenarioDescription> scenarios = new ArrayList<>(ScenarioCatalog.load().all().stream().map(Scenario::description).toList());
        scenarios.add(LoadScenario.DESCRIPTION);
        scenarios.add(LoadScenario.CAPACITY);
        for (ScenarioDescription s : scenarios) {
            assertThat(s.metrics()).as("%s's metrics", s.name()).contains(s.score()).doesNotHaveDuplicates();
            for (MetricKey k : s.metrics()) {
                assertThat(k.unit()).as("%s's unit", k.name()).isNotNull();
                assertThat(k.direction()).as("%s's direction", k.name()).isNotNull();
                assertThat(catalog.find(k.name())).as("%s of scenario %s in the catalog", k.name(), s.name()).contains(k);
            }
        }
    }

    @Test
    void aFamilyMemberFindsItsFamily() {
        MetricCatalog catalog = MetricCatalog.load();
        assertThat(catalog.find("errors_timeout")).map(MetricKey::name).contains("errors_<kind>");
        assertThat(catalog.find("gc_churn_g1_eden_space_rate_mb_per_s")).map(MetricKey::name)
                .contains("gc_churn_<pool>_rate_mb_per_s");
        assertThat(catalog.find("task_latency_uncorrected_p99_ms")).map(MetricKey::name).contains("task_latency_uncorrected_<p>_ms");
    }

    private static List<MetricKey> declarations() {
        return Plugins.load(MetricProvider.class).stream().flatMap(p -> p.metrics().stream()).toList();
    }

    /** The table of name endings: ending → the unit's words ({@code _ms} → {@code ms}), and {@code ""} → that of any other name. */
    private static Map<String, String> endings(String section) {
        List<String> rows = section.lines().filter(l -> l.startsWith("| name ends in |") || l.startsWith("| unit |")).toList();
        assertThat(rows).as("docs/results.md's table of name endings and units").hasSize(2);
        List<String> ends = cells(rows.get(0));
        List<String> units = cells(rows.get(1));
        assertThat(ends).hasSameSizeAs(units);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 1; i < ends.size(); i++) {
            String end = ends.get(i);
            out.put(end.startsWith("`") ? end.replace("`", "") : "", units.get(i));
        }
        assertThat(out).containsKeys("_ms", "_per_s", "");
        return out;
    }

    /** The metric table's names with the unit their endings give ({@code (1 or 0)} after a name: a flag). */
    private static Map<String, String> documented(String section, Map<String, String> endings) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> rows = section.lines().dropWhile(l -> !l.startsWith("| who | metrics |")).skip(2)
                .takeWhile(l -> l.startsWith("|")).toList();
        for (String row : rows) {
            Matcher m = NAME.matcher(cells(row).get(1));
            while (m.find()) {
                out.put(m.group(1), m.group(2) != null ? Unit.FLAG.text() : unitOf(m.group(1), endings));
            }
        }
        return out;
    }

    private static String unitOf(String name, Map<String, String> endings) {
        return endings.entrySet().stream().filter(e -> !e.getKey().isEmpty() && ("_" + name).endsWith(e.getKey()))
                .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue)
                .orElse(endings.get(""));
    }

    private static List<String> cells(String row) {
        return Arrays.stream(row.substring(1, row.length() - 1).split("\\|")).map(String::strip)
                .collect(Collectors.toList());
    }
}
