package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.BeforeAll;
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
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --resume}: finished results are kept, failed and missing ones run again and are appended, a cut
 * last line is repaired with a warning, and a different plan is refused. Each trial is one 1-task
 * iteration, so the runs are short. The run every test continues is made once ({@link #THREE}, three results), and
 * each test continues a copy of its folder: a folder as the run left it, whoever ran it.
 */
class ResumeTest {
    /** The plan of the run the tests continue: three results, one trial JVM each. */
    private static final String THREE = "1ms,2ms,3ms";

    @TempDir
    static Path shared;
    /** The folder of one finished run of {@link #THREE}, never changed: the tests continue copies of it. */
    private static Path finished;

    @TempDir
    Path tmp;

    @BeforeAll
    static void runThePlanOnce() {
        finished = shared.resolve("finished");
        CliHarness.Outcome o = CliHarness.run(run(finished, THREE));
        assertThat(o.exit()).as(o.err()).isZero();
    }

    /** A copy of the finished run's folder, at {@code name} in this test's own folder. */
    private Path finishedRun(String name) throws Exception {
        Path out = tmp.resolve(name);
        try (Stream<Path> files = Files.walk(finished)) {
            for (Path f : files.toList()) {
                Files.copy(f, out.resolve(finished.relativize(f).toString()));
            }
        }
        return out;
    }

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
        Path out = finishedRun("resume");
        List<String> first = lines(out);
        assertThat(first).hasSize(3);
        // As if the second had failed and the run had stopped before the third.
        Files.write(out.resolve("results.jsonl"), List.of(first.get(0),
                first.get(1).replace("\"status\":\"ok\"", "\"status\":\"failed\"")), StandardCharsets.UTF_8);

        CliHarness.Outcome o = CliHarness.run(run(out, THREE, "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("1 of 3 planned results finished, 2 to run");
        List<String> after = lines(out);
        assertThat(after).hasSize(4);
        assertThat(after.get(0)).as("a kept result is not rewritten").isEqualTo(first.get(0));
        assertThat(statuses(out)).isEqualTo(Map.of("1ms", List.of("ok"), "2ms", List.of("failed", "ok"), "3ms", List.of("ok")));
        assertThat(Files.readAllLines(out.resolve("results.csv"))).as("the reports show each result once").hasSize(1 + 3);
        assertThat(o.err()).doesNotContain("another loomlab run");

        o = CliHarness.run(run(out, THREE, "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("3 of 3 planned results finished, 0 to run");
        assertThat(lines(out)).isEqualTo(after);
    }

    @Test
    void aLastLineWithoutItsLineEndIsKept() throws Exception {
        Path out = finishedRun("no-line-end");
        Path file = out.resolve("results.jsonl");
        String whole = Files.readString(file);
        Files.writeString(file, whole.substring(0, whole.length() - 1));

        CliHarness.Outcome o = CliHarness.run(run(out, THREE, "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("results.jsonl line 3 (sleep virtual) had no line end");
        assertThat(o.out()).contains("3 of 3 planned results finished, 0 to run");
        assertThat(Files.readString(file)).isEqualTo(whole);
    }

    @Test
    void aLineCutShortIsMovedAsideAndItsResultRunsAgain() throws Exception {
        Path out = finishedRun("cut");
        List<String> first = lines(out);
        String fragment = first.get(2).substring(0, first.get(2).length() / 2);
        Files.writeString(out.resolve("results.jsonl"), first.get(0) + "\n" + first.get(1) + "\n" + fragment);

        CliHarness.Outcome o = CliHarness.run(run(out, THREE, "--resume"));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("results.jsonl line 3 was cut short").contains("results.cut.txt");
        assertThat(o.out()).contains("2 of 3 planned results finished, 1 to run");
        assertThat(out.resolve("results.cut.txt")).content().isEqualTo(fragment + "\n");
        assertThat(statuses(out)).isEqualTo(Map.of("1ms", List.of("ok"), "2ms", List.of("ok"), "3ms", List.of("ok")));
    }

    @Test
    void anotherPlanIsRefusedWithWhatDiffers() throws Exception {
        Path out = finishedRun("other-plan");
        String before = Files.readString(out.resolve("results.jsonl"));

        CliHarness.Outcome o = CliHarness.run(run(out, THREE + ",4ms", "--resume"));
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: --resume: this is not the plan that made")
                .contains("1 planned now but not there (sleep virtual {\"sleep\":\"4ms\",\"tasks\":1}");

        o = CliHarness.run(run(out, THREE, "--resume", "--jvm-arg=-Xmx300m"));
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
        Path out = finishedRun("twice");
        CliHarness.Outcome o = CliHarness.run(run(out, THREE));
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
