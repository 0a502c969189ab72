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

    @Test
    void jmhScenariosGiveScoreAndErrorForBothThreadKinds() throws Exception {
        Path out = tmp.resolve("jmh");
        CliHarness.Outcome o = CliHarness.runInto(out, "run", "thread-create,handoff", "--forks", "1", "-m", "platform,virtual",
                "-p", "iteration-time=100ms", "-p", "pairs=2", "-p", "mechanism=park", "--warmup", "0",
                "--iterations", "3");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("scenario").asText() + " " + r.get("model").asText())
                .containsExactly("thread-create platform", "thread-create virtual", "handoff platform", "handoff virtual");
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
        assertThat(o.out()).contains("Microbenchmarks (JMH");
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Microbenchmarks (JMH)");
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
