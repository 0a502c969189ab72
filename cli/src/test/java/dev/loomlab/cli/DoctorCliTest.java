package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code loomlab doctor} through the CLI's entry point, and the run's own check before its first trial: in this
 * JVM, or in a CLI JVM of its own started under {@code ulimit -n} (a limit every process it starts inherits).
 */
class DoctorCliTest {
    static final List<String> CHECKS = List.of("cpu", "memory", "threads", "open-files", "ports", "somaxconn", "huge-pages",
            "governor", "perf-events", "jdks", "chromium");
    /** The exit of the shell when it could not lower the limit (it may only be lowered, and this machine's is below). */
    private static final int NO_LIMIT = 97;

    @TempDir
    Path tmp;

    private record Child(int exit, String out, String err) {
    }

    /** {@code loomlab <args>} in a CLI JVM of its own, under {@code ulimit -n openFiles}; skipped where the limit is lower already. */
    private Child underLimit(int openFiles, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -n " + openFiles + " || exit " + NO_LIMIT
                + "; exec \"$@\"", "bash"));
        command.addAll(ChildCli.builder(List.of(), args).command());
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("the CLI ended").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assumeTrue(p.exitValue() != NO_LIMIT, "this machine's open-file limit is below " + openFiles);
        return new Child(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static JsonNode check(JsonNode doc, String name) {
        for (JsonNode c : doc.get("checks")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no check " + name + " in " + doc);
    }

    @Test
    void jsonIsOneDocumentWithEveryCheckAndTheExitItStates() throws Exception {
        CliHarness.Outcome o = CliHarness.run("doctor", "--json");
        JsonNode doc = Json.mapper().readTree(o.out());
        assertThat(doc.get("targets")).hasSize(1).first().extracting(JsonNode::asText).isEqualTo("quick");
        assertThat(doc.get("planned_results").asInt()).isGreaterThan(20);
        List<String> names = new ArrayList<>();
        for (JsonNode c : doc.get("checks")) {
            names.add(c.get("name").asText());
            assertThat(c.get("status").asText()).as(c.toString()).isIn("ok", "info", "warn", "fail");
            assertThat(c.get("finding").asText()).as(c.toString()).isNotBlank();
            for (String key : List.of("consequence", "fix", "facts")) {
                assertThat(c.has(key)).as(c + " has " + key).isTrue();
            }
            assertThat(c.get("facts").isObject()).isTrue();
            if (c.get("status").asText().equals("fail")) {
                assertThat(c.get("fix").asText()).as("a failed check says how to fix it").isNotBlank();
            }
        }
        assertThat(names).containsExactlyElementsOf(CHECKS);
        boolean failed = names.stream().anyMatch(n -> check(doc, n).get("status").asText().equals("fail"));
        assertThat(o.exit()).as(o.err()).isEqualTo(failed ? 1 : 0).isEqualTo(doc.get("exit").asInt());
        assertThat(doc.get("facts").get("cpu").get("available_processors").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(check(doc, "cpu").get("facts").get("carriers").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void anUnknownNameIsOneLineAndExitTwo() {
        CliHarness.Outcome o = CliHarness.run("doctor", "echo", "nosuch");
        CliHarness.assertBadInput(o, "echo");
        assertThat(o.err()).startsWith("loomlab: unknown scenario 'nosuch' (scenarios: ");
    }

    @Test
    void steadinessOutsideItsRangeIsOneLineAndExitTwo() {
        CliHarness.assertBadInput(CliHarness.run("doctor", "--steadiness", "5s"), "--steadiness 5s: give 10s to 1h");
    }

    /** The measured check comes after the others; its figures agree with one another. */
    @Test
    void steadinessAddsAMeasuredCheckOverTheSpanAsked() throws Exception {
        CliHarness.Outcome o = CliHarness.run("doctor", "cpu-sqrt", "--steadiness", "10s", "--json");
        JsonNode doc = Json.mapper().readTree(o.out());
        List<String> names = new ArrayList<>();
        doc.get("checks").forEach(c -> names.add(c.get("name").asText()));
        List<String> expected = new ArrayList<>(CHECKS);
        expected.add("steadiness");
        assertThat(names).containsExactlyElementsOf(expected);
        JsonNode steadiness = check(doc, "steadiness");
        assertThat(steadiness.get("status").asText()).isIn("ok", "warn");
        JsonNode facts = steadiness.get("facts");
        assertThat(facts.get("span_s").asDouble()).isEqualTo(10.0);
        assertThat(facts.get("threads").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(facts.get("rounds").asInt()).isGreaterThanOrEqualTo(6);
        List<Double> means = new ArrayList<>();
        facts.get("window_means_ms").forEach(m -> means.add(m.asDouble()));
        assertThat(means).hasSize(6);
        double spread = (means.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                / means.stream().mapToDouble(Double::doubleValue).min().orElseThrow() - 1) * 100;
        // The means are printed to 0.01 ms, so the spread recomputed from them differs by a few hundredths at most.
        assertThat(facts.get("window_spread_pct").asDouble()).isCloseTo(spread, within(0.1));
        assertThat(facts.get("fastest_ms").asDouble()).isLessThanOrEqualTo(facts.get("median_ms").asDouble());
        assertThat(facts.get("median_ms").asDouble()).isLessThanOrEqualTo(facts.get("p99_ms").asDouble());
        assertThat(facts.get("p99_ms").asDouble()).isLessThanOrEqualTo(facts.get("slowest_ms").asDouble());
        assertThat(facts.get("stalls").asInt()).isBetween(0, facts.get("rounds").asInt());
        assertThat(o.err()).contains("timing the same CPU work on");
    }

    /** Echo's connections plus the JVM's own thousand files, in each of two JVMs: 1,048 fit in 2,048, and 1,049 do not. */
    @Test
    void echoFitsItsOpenFileLimitToTheConnection() throws Exception {
        Child fits = underLimit(2048, "doctor", "echo", "-m", "virtual", "-p", "connections=1048", "--json");
        JsonNode doc = Json.mapper().readTree(fits.out());
        assertThat(check(doc, "open-files").get("status").asText()).as(fits.out()).isEqualTo("ok");
        assertThat(check(doc, "open-files").get("facts").get("open_files_hard").asLong()).isEqualTo(2048);

        Child over = underLimit(2048, "doctor", "echo", "-m", "virtual", "-p", "connections=1049");
        assertThat(over.exit()).as(over.out() + over.err()).isEqualTo(1);
        assertThat(over.out()).containsPattern("(?m)^fail  open-files   ulimit -n: soft 2048, hard 2048")
                .contains("each JVM needs 2049 open files").contains("fix: ulimit -n 3072")
                .contains("echo cannot run as asked here: open-files failed");
    }

    /** The run is not refused: it says which check fails before its first trial, runs, and summary.json keeps the verdict. */
    @Test
    void aRunWarnsBeforeItsFirstTrialAndRecordsTheMachineInTheSummary() throws Exception {
        Path out = tmp.resolve("run");
        Child run = underLimit(2048, "run", "echo", "-m", "virtual", "-p", "connections=1100", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--timeout", "3m", "--out", out.toString());
        List<String> said = run.err().lines().toList();
        assertThat(said).as(run.err()).isNotEmpty();
        assertThat(said.get(0)).startsWith("loomlab: warning: this machine fails check open-files: ulimit -n: soft 2048, hard 2048")
                .contains("fix: ulimit -n 3072");
        assertThat(said.stream().filter(l -> l.startsWith("loomlab: warning: this machine fails"))).hasSize(1);
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode result = RunContractTest.results(out).get(0);
        assertThat(result.get("status").asText()).isEqualTo("ok");
        // The echo workload holds what the limit lets it: 2048 less its own thousand files.
        assertThat(result.get("metrics").get("held_at_once").get("max").asDouble()).isEqualTo(1048.0);
        JsonNode machine = Json.mapper().readTree(out.resolve("summary.json").toFile()).get("machine");
        assertThat(machine.get("checks").get("open-files").asText()).isEqualTo("fail");
        assertThat(machine.get("checks").get("cpu").asText()).isIn("ok", "warn");
        assertThat(machine.get("facts").get("open_files").get("open_files_hard").asLong()).isEqualTo(2048);
    }
}
