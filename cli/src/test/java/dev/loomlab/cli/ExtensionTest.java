package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md's checklist, checked: a scenario added as one workload class ({@code TickWorkload}), one
 * description ({@code TickScenarios}) and one suite line (test resources' {@code quick.suite}), and a
 * blocking model added as one class ({@code LanesModel}), appear in {@code list} and run.
 */
class ExtensionTest {
    @TempDir
    Path tmp;

    @Test
    void theAddedScenarioAndModelAreListed() {
        CliHarness.Outcome all = CliHarness.run("list");
        assertThat(all.exit()).as(all.err()).isZero();
        assertThat(all.out()).contains("tick         tasks that each sleep one tick: a scenario added by a test")
                .contains("-p tick=10ms")
                .contains("lanes:N")
                .containsPattern("lanes:N .*\\n.*platform threads; forms: blocking")
                .contains("tick -m virtual,lanes:2 -p tasks=20 -p tick=10ms");
    }

    @Test
    void theAddedScenarioRunsOnTheAddedModelWithinItsBound() throws Exception {
        Path out = tmp.resolve("tick");
        CliHarness.Outcome o = CliHarness.run("run", "tick", "--forks", "1", "--warmup", "0", "--iterations", "2",
                "--timeout", "2m", "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("model").asText()).containsExactly("virtual", "lanes:2");
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).as(r.get("error").asText()).isEqualTo("ok");
            assertThat(r.get("form").asText()).isEqualTo("blocking");
        }
        JsonNode lanes = results.get(1);
        assertThat(lanes.get("model_info").get("kind").asText()).isEqualTo("lanes");
        assertThat(lanes.get("model_info").get("concurrency").asInt()).isEqualTo(2);
        // Two lanes, 20 tasks of 10 ms: ten waves, so no iteration can take under 100 ms.
        assertThat(lanes.get("bound_ms").asDouble()).isEqualTo(100.0);
        for (JsonNode wall : lanes.get("metrics").get("wall_ms").get("samples")) {
            assertThat(wall.asDouble()).isGreaterThanOrEqualTo(100.0);
        }
        assertThat(results.get(0).get("bound_ms").asDouble()).isEqualTo(10.0);
    }
}
