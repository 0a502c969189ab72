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
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A results folder carries no environment variable and no system property of the loomlab JVM: a run
 * whose environment and JVM hold secrets, neither given as a trial flag, writes them nowhere; and
 * summary.json holds the facts docs/results.md lists, nothing else.
 */
class NoSecretsInResultsTest {
    /** summary.json's keys as docs/results.md lists them. */
    private static final List<String> SUMMARY_KEYS = List.of("loomlab_version", "git_commit", "command", "started", "ended",
            "cpu_model", "cores", "memory_mb", "os", "container", "jdks", "machine");

    @TempDir
    Path tmp;

    @Test
    void aRunWritesNeitherItsEnvironmentNorItsSystemProperties() throws Exception {
        String envSecret = "s3cr3t-" + UUID.randomUUID();
        String propertySecret = "pr0p-" + UUID.randomUUID();
        Path out = tmp.resolve("run");
        ProcessBuilder pb = ChildCli.builder(List.of("-Dloomlab.test.secret=" + propertySecret),
                "run", "sleep", "-m", "virtual", "-p", "tasks=10", "-p", "sleep=1ms", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--out", out.toString());
        pb.environment().put("LOOMLAB_TEST_SECRET", envSecret);
        Path console = tmp.resolve("console.txt");
        Process cli = pb.redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            assertThat(cli.waitFor(5, TimeUnit.MINUTES)).as("the run ended").isTrue();
        } finally {
            cli.destroyForcibly();
        }
        assertThat(cli.exitValue()).as(Files.readString(console)).isZero();

        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        // Every kind of file a run writes is there to be searched, the trial's log included.
        for (String name : List.of("results.jsonl", "summary.json", "results.csv", "report.md", "report.html")) {
            assertThat(out.resolve(name)).isNotEmptyFile();
        }
        assertThat(files).anySatisfy(f -> assertThat(f.toString()).contains("/logs/").endsWith(".log"));
        List<String> leaks = new ArrayList<>();
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            if (text.contains(envSecret) || text.contains(propertySecret)) {
                leaks.add(out.relativize(f).toString());
            }
        }
        assertThat(leaks).as("files holding a secret").isEmpty();

        JsonNode summary = Json.mapper().readTree(out.resolve("summary.json").toFile());
        List<String> keys = new ArrayList<>();
        summary.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyInAnyOrderElementsOf(SUMMARY_KEYS);
    }
}
