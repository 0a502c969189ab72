package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a suite's run prints (the bare {@code loomlab} runs the quick suite): progress, then one answer line per
 * scenario and the path of report.html last — under 60 lines, none wider than 160 characters, parameters at their
 * defaults left out; the tables are in report.md. The suite is the test's own (answer-test.suite), run in-process.
 */
class AnswerTest {
    @TempDir
    Path tmp;

    @Test
    void aSuitesRunEndsWithOneAnswerLinePerScenarioAndReportHtml() throws Exception {
        Path out = tmp.resolve("answer");
        CliHarness.Outcome o = CliHarness.runInto(out, "run", "answer-test", "--forks", "0");
        List<String> lines = Stream.concat(o.out().lines(), o.err().lines()).toList();
        assertThat(lines).as(o.out() + o.err()).hasSizeLessThan(60);
        assertThat(lines).as("no line wider than 160 characters").allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(160));
        assertThat(o.err()).doesNotContain("Exception").doesNotContainPattern("(?m)^\\s+at ");

        List<String> stdout = o.out().lines().toList();
        assertThat(stdout.get(stdout.size() - 1)).isEqualTo("report: " + out.resolve("report.html"));
        assertThat(out.resolve("report.html")).exists();
        for (String scenario : List.of("sleep", "cpu-sqrt", "mixed")) {
            assertThat(stdout).as("one answer line for " + scenario).filteredOn(l -> l.startsWith("  " + scenario + " ")).hasSize(1);
        }
        assertThat(stdout).filteredOn(l -> l.startsWith("  sleep ")).singleElement().asString()
                .contains("tasks=20 sleep=10ms").containsAnyOf("Use ", "within noise");
        assertThat(stdout).filteredOn(l -> l.startsWith("  mixed ")).singleElement().asString()
                .contains("tasks=10 n=1000 — no models compared: virtual ").contains("virtual yield-every=100 ");
        // Parameters given at their defaults (cpu-sqrt's n, mixed's sleep and yield-every=0) are not shown.
        assertThat(o.out() + o.err()).doesNotContain("n=1000000").doesNotContain("sleep=20ms").doesNotContain("yield-every=0 ");
        // The tables are not printed, but written.
        assertThat(o.out()).doesNotContain("score (mean ± 99.9% ci)");
        assertThat(Files.readString(out.resolve("report.md"))).contains("score (mean ± 99.9% ci)").contains("n=1000000");
    }

    @Test
    void aRunOfNamedScenariosPrintsItsTablesThenTheAnswer() throws Exception {
        Path out = tmp.resolve("named");
        CliHarness.Outcome o = CliHarness.runInto(out, "run", "sleep", "-m", "virtual,platform:4", "-p", "tasks=20", "-p", "sleep=10ms",
                "--forks", "0", "--warmup", "0", "--iterations", "3");
        assertThat(o.out()).contains("score (mean ± 99.9% ci)");
        List<String> stdout = o.out().lines().toList();
        assertThat(stdout.get(stdout.size() - 1)).isEqualTo("report: " + out.resolve("report.html"));
        assertThat(stdout).filteredOn(l -> l.startsWith("  sleep ")).singleElement().asString().contains("tasks=20 sleep=10ms");
    }
}
