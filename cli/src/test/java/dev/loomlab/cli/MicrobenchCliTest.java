package dev.loomlab.cli;

import dev.loomlab.bench.JmhRun;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The JMH scenarios and memory through the CLI: forked trial JVMs hosting JMH, results with JMH's own figures. */
class MicrobenchCliTest {
    @TempDir
    Path tmp;

    /**
     * Each JMH scenario, each thread kind: a result with JMH's own score, error, forks and iterations, loomlab's metric
     * from JMH's iterations, and the JMH section of the reports. Each scenario once and each kind once, thread-create on
     * platform threads and handoff on virtual ones (a trial JVM and a JMH fork each): a scenario's metric and a kind's
     * JMH parameter are each their own, and the quick suite runs every pair.
     */
    @Test
    void jmhScenariosGiveScoreAndErrorForBothThreadKinds() throws Exception {
        List<JsonNode> results = new java.util.ArrayList<>();
        for (List<String> run : List.of(List.of("thread-create", "platform"), List.of("handoff", "virtual", "-p", "pairs=2",
                "-p", "mechanism=park"))) {
            Path out = tmp.resolve("jmh-" + run.get(0));
            List<String> args = new java.util.ArrayList<>(List.of("run", run.get(0), "--forks", "1", "-m", run.get(1),
                    "-p", "iteration-time=100ms", "--warmup", "0", "--iterations", "3"));
            args.addAll(run.subList(2, run.size()));
            CliHarness.Outcome o = CliHarness.runInto(out, args.toArray(String[]::new));
            assertThat(o.out()).contains("Microbenchmarks (JMH");
            assertThat(Files.readString(out.resolve("report.md"))).contains("## Microbenchmarks (JMH)");
            results.addAll(RunContractTest.results(out));
        }
        assertThat(results).extracting(r -> r.get("scenario").asText() + " " + r.get("model").asText())
                .containsExactly("thread-create platform", "handoff virtual");
        for (JsonNode r : results) {
            RunContractTest.TOP_LEVEL.forEach(k -> assertThat(r.has(k)).as(k).isTrue());
            assertThat(r.get("status").asText()).isEqualTo("ok");
            JsonNode jmh = r.get("jmh");
            assertThat(jmh.get("unit").asText()).isEqualTo("us/op");
            assertThat(jmh.get("score").asDouble()).isGreaterThan(0);
            assertThat(jmh.get("error").isNumber()).isTrue();
            assertThat(jmh.get("forks").asInt()).isEqualTo(1);
            assertThat(jmh.get("measurement_iterations").asInt()).isEqualTo(3);
            String metric = r.get("scenario").asText().equals("handoff") ? "handoff_us" : "thread_us";
            JsonNode m = r.get("metrics").get(metric);
            assertThat(m.get("samples")).hasSize(3);
            assertThat(m.get("mean").asDouble()).isCloseTo(jmh.get("score").asDouble(), org.assertj.core.data.Percentage.withPercentage(1e-9));
            assertThat(m.get("ci999")).hasSize(2);
            // Read back as a Result, the JMH figures survive.
            Result back = ResultJson.fromLine(r.toString());
            assertThat(back.section(JmhRun.SECTION).orElseThrow().score()).isEqualTo(jmh.get("score").asDouble());
        }
    }

    @Test
    void withoutNativeMemoryTrackingBytesPerThreadIsUnavailableNotHeapOnly() throws Exception {
        Path out = tmp.resolve("in-process");
        CliHarness.runInto(out, "run", "memory", "-m", "virtual", "-p", "threads=100", "--forks", "0",
                "--warmup", "0", "--iterations", "1");
        JsonNode metrics = RunContractTest.results(out).get(0).get("metrics");
        assertThat(metrics.get("bytes_per_thread").isNull()).isTrue();
        assertThat(metrics.get("native_bytes_per_thread").isNull()).isTrue();
        assertThat(metrics.get("threads_parked").get("median").asDouble()).isEqualTo(100.0);
    }

    @Test
    void resultsJmhDidNotMeasureCarryNoJmhField() throws Exception {
        Path out = tmp.resolve("plain");
        CliHarness.runInto(out, "run", "memory", "--forks", "1", "-m", "virtual,platform:4", "-p", "threads=200",
                "--warmup", "0", "--iterations", "1");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results.get(0).get("status").asText()).isEqualTo("ok");
        assertThat(results.get(0).has("jmh")).isFalse();
        assertThat(results.get(0).get("metrics").get("threads_parked").get("median").asDouble()).isEqualTo(200.0);
        assertThat(results.get(0).get("metrics").get("bytes_per_thread").get("median").asDouble()).isGreaterThan(0);
        // An executor model is no thread kind: not applicable, with the reason.
        assertThat(results.get(1).get("status").asText()).isEqualTo("not_applicable");
        assertThat(results.get(1).get("error").asText()).contains("scenario memory runs as threads; model platform:4 runs");
    }
}
