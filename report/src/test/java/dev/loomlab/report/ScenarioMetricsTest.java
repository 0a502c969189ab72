package dev.loomlab.report;

import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A scenario's own metrics get a table of their own; the probes' standard metrics stay in the main table. */
class ScenarioMetricsTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());

    private static Result semaphore(String model, double completed, double rejected) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(new double[]{400}));
        metrics.put("allocated_bytes_per_task", Summary.of(new double[]{512}));
        metrics.put("calls_completed", Summary.of(new double[]{completed}));
        metrics.put("calls_rejected", Summary.of(new double[]{rejected}));
        return Result.builder("semaphore", model).params(Map.of("tasks", 200)).jvm(JVM).rounds(1, 0, 1).metrics(metrics)
                .bound(400.0, 1.0, null).build();
    }

    @Test
    void eachScenarioListsItsOwnMetricsPerResult() {
        Result sleep = Result.builder("sleep", "virtual").params(Map.of("tasks", 1)).jvm(JVM).rounds(1, 0, 1)
                .metrics(Map.of("wall_ms", Summary.of(new double[]{50}))).bound(50.0, 1.0, null).build();
        Map<String, TextTable> tables = ScenarioMetrics.tables(List.of(sleep, semaphore("virtual", 10, 190),
                semaphore("virtual-bounded:10", 200, 0)));
        assertThat(tables).containsOnlyKeys("semaphore");
        List<String> lines = tables.get("semaphore").plain().lines().toList();
        assertThat(lines.get(0)).matches("model +params +jdk +calls_completed +calls_rejected");
        assertThat(lines.get(2)).matches("virtual +tasks=200 +25 +10 +190");
        assertThat(lines.get(3)).matches("virtual-bounded:10 +tasks=200 +25 +200 +0");
        assertThat(ConsoleReport.render(List.of(semaphore("virtual", 10, 190))))
                .contains("semaphore, its own metrics (median per iteration):");
        assertThat(MarkdownReport.render(List.of(semaphore("virtual", 10, 190)), Map.of()))
                .contains("## Scenario metrics").contains("| virtual | tasks=200 | 25 | 10 | 190 |");
    }
}
