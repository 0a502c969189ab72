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
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --resume}: finished results are kept, failed and missing ones run again and are appended, a cut
 * last line is repaired with a warning, and a different plan is refused. Each trial is one 1-task
 * iteration, so the runs are short.
 */
class ResumeTest {
    @TempDir
    Path tmp;

    private static String[] run(Path out, String sleeps, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "sleep", "-m", "virtual", "-p", "tasks=1", "-p", "sleep=" + sleeps,
                "--forks", "1", "--warmup", "0", "--iterations", "1", "--timeout", "2m", "--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private static List<String> lines(Path out) throws Exception {
        return Files.readAllLines(out.resolve("results.jsonl"), StandardCharsets.UTF_8);
    }

    /** sleep value → statuses of its lines, in file order; every line must be JSON. */
    private static Map<String, List<String>> statuses(Path out) throws Exception {
        Map<String, List<String>> bySleep = new TreeMap<>();
        for (String line : lines(out)) {
            JsonNode r = Json.mapper().readTree(line);
            bySleep.computeIfAbsent(r.get("params").get("sleep").asText(), k -> new ArrayList<>()).add(r.get("status").asText());
        }
        return bySleep;
    }

    @Test
    void okResultsAreKeptFailedAndMissingOnesRunAgain() throws Exception {
        Path out = tmp.resolve("resume");
        assertThat(CliHarness.run(run(out, "1ms,2ms,3ms")).exit()).isZero();
        List<String> first = lines(out);
        assertThat(first).hasSize(3);
        // As if the second had failed and the run had stopped before the third.
        Files.write(out.resolve("results.jsonl"), List.of(first.get(0),
                first.get(1).replace("\"status\":\"ok\"", "\"status\":\"failed\"")), StandardCharsets.UTF_8);

        CliHarness.Outcome o = CliHarness.run(run(out, "1ms,2ms,3ms", "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("1 of 3 planned results finished, 2 to run");
        List<String> after = lines(out);
        assertThat(after).hasSize(4);
        assertThat(after.get(0)).as("a kept result is not rewritten").isEqualTo(first.get(0));
        assertThat(statuses(out)).isEqualTo(Map.of("1ms", List.of("ok"), "2ms", List.of("failed", "ok"), "3ms", List.of("ok")));
        assertThat(Files.readAllLines(out.resolve("results.csv"))).as("the reports show each result once").hasSize(1 + 3);
        assertThat(o.err()).doesNotContain("another loomlab run");

        o = CliHarness.run(run(out, "1ms,2ms,3ms", "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("3 of 3 planned results finished, 0 to run");
        assertThat(lines(out)).isEqualTo(after);
    }

    @Test
    void aLastLineWithoutItsLineEndIsKept() throws Exception {
        Path out = tmp.resolve("no-line-end");
        assertThat(CliHarness.run(run(out, "1ms,2ms")).exit()).isZero();
        Path file = out.resolve("results.jsonl");
        String whole = Files.readString(file);
        Files.writeString(file, whole.substring(0, whole.length() - 1));

        CliHarness.Outcome o = CliHarness.run(run(out, "1ms,2ms", "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("results.jsonl line 2 (sleep virtual) had no line end");
        assertThat(o.out()).contains("2 of 2 planned results finished, 0 to run");
        assertThat(Files.readString(file)).isEqualTo(whole);
    }

    @Test
    void aLineCutShortIsMovedAsideAndItsResultRunsAgain() throws Exception {
        Path out = tmp.resolve("cut");
        assertThat(CliHarness.run(run(out, "1ms,2ms")).exit()).isZero();
        List<String> first = lines(out);
        String fragment = first.get(1).substring(0, first.get(1).length() / 2);
        Files.writeString(out.resolve("results.jsonl"), first.get(0) + "\n" + fragment);

        CliHarness.Outcome o = CliHarness.run(run(out, "1ms,2ms", "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("results.jsonl line 2 was cut short").contains("results.cut.txt");
        assertThat(o.out()).contains("1 of 2 planned results finished, 1 to run");
        assertThat(out.resolve("results.cut.txt")).content().isEqualTo(fragment + "\n");
        assertThat(statuses(out)).isEqualTo(Map.of("1ms", List.of("ok"), "2ms", List.of("ok")));
    }

    @Test
    void anotherPlanIsRefusedWithWhatDiffers() throws Exception {
        Path out = tmp.resolve("other-plan");
        assertThat(CliHarness.run(run(out, "1ms")).exit()).isZero();
        String before = Files.readString(out.resolve("results.jsonl"));

        CliHarness.Outcome o = CliHarness.run(run(out, "1ms,2ms", "--resume"));
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: --resume: this is not the plan that made")
                .contains("1 planned now but not there (sleep virtual {\"sleep\":\"2ms\",\"tasks\":1}");

        o = CliHarness.run(run(out, "1ms", "--resume", "--jvm-arg=-Xmx300m"));
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).contains("with -Xmx300m");
        assertThat(out.resolve("results.jsonl")).content().isEqualTo(before);
    }

    @Test
    void resumeNeedsAnExistingOutFolder() {
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--resume");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("loomlab: --resume needs --out DIR, the folder of the run to continue");
        o = CliHarness.run("run", "sleep", "--resume", "--out", tmp.resolve("never-made").toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("is not a folder; nothing to continue");
    }

    @Test
    void aFolderWithResultsPointsToResume() throws Exception {
        Path out = tmp.resolve("twice");
        assertThat(CliHarness.run(run(out, "1ms")).exit()).isZero();
        CliHarness.Outcome o = CliHarness.run(run(out, "1ms"));
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).contains("or --resume to continue its run");
    }

    @Test
    void theHintRepeatsTheCommandWithOutAndResume() {
        assertThat(ResumeHint.of(List.of("loomlab", "run", "sleep", "-p", "sleep=1ms,2ms"), Path.of("results/x")))
                .isEqualTo("loomlab run sleep -p sleep=1ms,2ms --out results/x --resume");
        assertThat(ResumeHint.of(List.of("loomlab", "run", "web", "--jvm-args", "-Xmx1g -Dx='a b'", "--out", "r"), Path.of("r")))
                .isEqualTo("loomlab run web --jvm-args '-Xmx1g -Dx='\\''a b'\\''' --out r --resume");
        assertThat(ResumeHint.of(List.of("loomlab", "run", "sleep", "--out", "r", "--resume"), Path.of("r")))
                .isEqualTo("loomlab run sleep --out r --resume");
        assertThat(List.of("a b", "x").stream().map(ResumeHint::quote).collect(Collectors.joining(" "))).isEqualTo("'a b' x");
    }
}
