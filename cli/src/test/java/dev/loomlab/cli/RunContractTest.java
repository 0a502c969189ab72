package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A real forked run through the CLI writes every file, and results.jsonl follows the result contract (docs/results.md). */
class RunContractTest {
    static final List<String> TOP_LEVEL = List.of("contract", "scenario", "model", "model_info", "form", "params", "jvm",
            "forks", "warmup", "iterations", "status", "error", "score", "metrics", "bound_ms", "efficiency", "published");
    static final List<String> SUMMARY_METRICS = List.of("wall_ms", "throughput_per_s", "cpu_util_pct", "peak_rss_mb",
            "peak_heap_mb", "threads_peak", "threads_daemon_peak", "threads_nondaemon_peak", "carriers", "gc_count",
            "gc_time_ms");

    @TempDir
    Path tmp;

    static List<JsonNode> results(Path dir) throws Exception {
        return Files.readAllLines(dir.resolve("results.jsonl")).stream().map(l -> {
            try {
                return Json.mapper().readTree(l);
            } catch (Exception e) {
                throw new AssertionError(l, e);
            }
        }).toList();
    }

    @Test
    void sleepOnAPoolAndVirtualThreadsFollowsTheContract() throws Exception {
        Path out = tmp.resolve("run");
        // The default fork count (two), and the opt-in thread sampler.
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "platform:10,virtual", "-p", "tasks=100",
                "-p", "sleep=50ms", "--warmup", "1", "--iterations", "2", "--sample-threads", "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        for (String f : List.of("results.jsonl", "results.csv", "report.md", "report.html", "summary.json")) {
            assertThat(out.resolve(f)).isNotEmptyFile();
        }
        List<JsonNode> results = results(out);
        assertThat(results).hasSize(2);
        for (JsonNode r : results) {
            TOP_LEVEL.forEach(k -> assertThat(r.has(k)).as(k).isTrue());
            assertThat(r.get("status").asText()).isEqualTo("ok");
            assertThat(r.get("contract").asInt()).isEqualTo(2);
            assertThat(r.get("forks").asInt()).isEqualTo(2);
            assertThat(r.get("score").asText()).isEqualTo("wall_ms");
            assertThat(r.get("form").asText()).isEqualTo("blocking");
            assertThat(r.get("params").get("tasks").asInt()).isEqualTo(100);
            assertThat(r.get("params").get("sleep").asText()).isEqualTo("50ms");
            assertThat(r.get("jvm").get("version").asText()).isNotBlank();
            JsonNode m = r.get("metrics");
            for (String name : SUMMARY_METRICS) {
                JsonNode s = m.get(name);
                assertThat(s).as(name).isNotNull();
                assertThat(s.isNull()).as(name + " unavailable").isFalse();
                for (String stat : List.of("median", "mean", "min", "max", "stdev", "ci999", "n", "samples")) {
                    assertThat(s.has(stat)).as(name + "." + stat).isTrue();
                }
                // every measured iteration of both forks: 2 × 2, enough for the t-interval of the mean
                assertThat(s.get("samples")).as(name).hasSize(4);
                assertThat(s.get("n").asInt()).as(name).isEqualTo(4);
                assertThat(s.get("ci999").isNull()).as(name + ".ci999").isFalse();
            }
            JsonNode lat = m.get("task_latency_ms");
            for (String p : List.of("p50", "p90", "p99", "p999", "max")) {
                assertThat(lat.get(p).asDouble()).as(p).isGreaterThanOrEqualTo(50.0);
            }
            assertThat(lat.get("count").asInt()).isEqualTo(100 * 4);
            // The merged latency histogram is kept, so reports can draw the whole distribution.
            assertThat(r.get("histograms").get("task_latency_ms").asText()).isNotBlank();
        }
        JsonNode pool = results.get(0);
        assertThat(pool.get("model").asText()).isEqualTo("platform:10");
        assertThat(pool.get("model_info").get("kind").asText()).isEqualTo("platform");
        assertThat(pool.get("model_info").get("concurrency").asInt()).isEqualTo(10);
        assertThat(pool.get("model_info").get("threads").asText()).isEqualTo("platform");
        assertThat(pool.get("bound_ms").asDouble()).isEqualTo(500.0);
        // 100 tasks of 50 ms on 10 threads: ten waves, never faster.
        assertThat(pool.get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(500.0);
        assertThat(pool.get("efficiency").asDouble()).isBetween(0.0, 1.0);
        assertThat(pool.get("metrics").get("threads_nondaemon_peak").get("median").asDouble()).isGreaterThanOrEqualTo(10.0);
        JsonNode virtual = results.get(1);
        assertThat(virtual.get("bound_ms").asDouble()).isEqualTo(50.0);
        assertThat(virtual.get("model_info").has("concurrency")).as("virtual has no limit").isFalse();
        assertThat(virtual.get("metrics").get("carriers").get("max").asDouble()).isGreaterThanOrEqualTo(1.0);

        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(3);
        assertThat(o.out()).contains("platform:10").contains("virtual").contains("score (mean ± 99.9% ci)");
        JsonNode summary = Json.mapper().readTree(out.resolve("summary.json").toFile());
        for (String k : List.of("cores", "cpu_model", "memory_mb", "os", "container", "jdks", "loomlab_version", "started", "ended",
                "machine")) {
            assertThat(summary.has(k)).as(k).isTrue();
        }
        // The doctor's facts and each check's status, judged against this run's plan (docs/machines.md).
        JsonNode machine = summary.get("machine");
        List<String> checks = new java.util.ArrayList<>();
        machine.get("checks").fieldNames().forEachRemaining(checks::add);
        assertThat(checks).containsExactlyElementsOf(DoctorCliTest.CHECKS);
        machine.get("checks").forEach(s -> assertThat(s.asText()).isIn("ok", "info", "warn", "fail"));
        assertThat(machine.get("facts").get("cpu").get("available_processors").asInt()).isEqualTo(summary.get("cores").asInt());
        assertThat(out.resolve("logs")).isNotEmptyDirectory();
        // Two results with two forks each: the forks ran in turns, so that the machine's drift falls on both alike.
        assertThat(trialLogsInTheOrderTheyEnded(out)).containsExactly("platform_10-fork1", "virtual-fork1",
                "platform_10-fork2", "virtual-fork2");
    }

    /** The trial logs' model and fork ({@code virtual-fork1}), oldest last change first. */
    private static List<String> trialLogsInTheOrderTheyEnded(Path out) throws java.io.IOException {
        java.util.regex.Pattern trialLog = java.util.regex.Pattern.compile("sleep-(.+?)-.*-(fork\\d)\\.log");
        try (var files = Files.list(out.resolve("logs"))) {
            return files.filter(f -> trialLog.matcher(f.getFileName().toString()).matches())
                    .sorted(java.util.Comparator.comparing(f -> {
                        try {
                            return Files.getLastModifiedTime(f);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }))
                    .map(f -> {
                        var m = trialLog.matcher(f.getFileName().toString());
                        m.matches();
                        return m.group(1) + "-" + m.group(2);
                    }).toList();
        }
    }

    @Test
    void aCommaListIsASweepAndForksZeroRunsInProcess() throws Exception {
        Path out = tmp.resolve("sweep");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=10",
                "-p", "sleep=10ms,20ms", "--forks", "0", "--warmup", "0", "--iterations", "1", "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = results(out);
        assertThat(results).extracting(r -> r.get("params").get("sleep").asText()).containsExactly("10ms", "20ms");
        assertThat(results).allSatisfy(r -> assertThat(r.get("forks").asInt()).isZero());
        assertThat(o.out()).contains("ok (in-process)");
    }

    @Test
    void publishedFiguresAppearBesideOurs() throws Exception {
        Path out = tmp.resolve("published");
        // The article's parameters, cut to one short iteration: a platform pool of 1000 is 10 waves of 300 ms.
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--forks", "1", "-m", "platform:1000", "--warmup", "0", "--iterations", "1",
                "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = results(out).get(0);
        assertThat(r.get("published").get("wall_ms").asDouble()).isEqualTo(3138.0);
        assertThat(r.get("published").get("article").asText()).isEqualTo("004");
        assertThat(r.get("published").get("title").asText()).isEqualTo("Java virtual threads: internals and performance");
        assertThat(r.get("metrics").get("wall_ms").get("median").asDouble()).isGreaterThanOrEqualTo(3000.0);
        assertThat(o.out()).contains("3,138");
    }

    @Test
    void reportReRendersAFolder() throws Exception {
        Path out = tmp.resolve("rerender");
        assertThat(CliHarness.run("run", "sleep", "--forks", "1", "-m", "virtual", "-p", "tasks=10", "-p", "sleep=1ms", "--warmup", "0",
                "--iterations", "1", "--out", out.toString()).exit()).isZero();
        Files.delete(out.resolve("report.md"));
        Files.delete(out.resolve("report.html"));
        CliHarness.Outcome o = CliHarness.run("report", out.toString());
        assertThat(o.exit()).isZero();
        assertThat(out.resolve("report.md")).content().contains("# loomlab results").contains("virtual");
        String html = Files.readString(out.resolve("report.html"));
        double mean = results(out).get(0).get("metrics").get("wall_ms").get("mean").asDouble();
        assertThat(html.contains("<h2>sleep</h2>")).isTrue();
        assertThat(html.contains("\"mean\":" + mean)).as("the chart data holds the mean of results.jsonl").isTrue();
        assertThat(o.out()).contains("report: " + out.resolve("report.html"));
    }

    @Test
    void aTrialThatTimesOutIsRecordedAndTheRunGoesOn() throws Exception {
        Path out = tmp.resolve("timeout");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "--forks", "1", "-m", "virtual", "-p", "tasks=1", "-p", "sleep=5m,1ms",
                "--warmup", "0", "--iterations", "1", "--timeout", "6s", "--out", out.toString());
        assertThat(o.exit()).as("a failed result makes the run exit 1").isEqualTo(1);
        List<JsonNode> results = results(out);
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("status").asText()).isEqualTo("failed");
        assertThat(results.get(0).get("error").asText()).startsWith("timeout: trial exceeded 6s");
        assertThat(results.get(0).get("metrics").size()).isZero();
        assertThat(results.get(1).get("status").asText()).isEqualTo("ok");
        assertThat(o.out()).contains("failed: sleep virtual tasks=1 sleep=5m — timeout");
        assertThat(out.resolve("report.md")).content().contains("## Not ok").contains("timeout: trial exceeded 6s");
    }
}
