package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.fanout.InjectedFailures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Fan-out through the CLI, every model in its own forked JVM, with injected failures. */
class FanoutCliTest {
    @TempDir
    Path tmp;

    @Test
    void everyModelBuildsForkedCountsFailuresExactlyAndAStarvedPoolFails() throws Exception {
        int profiles = 40;
        int expectedFailed = InjectedFailures.failingProfiles(profiles, 0.1);
        Path out = tmp.resolve("fanout");
        CliHarness.Outcome o = CliHarness.run("run", "fanout", "--forks", "1",
                "-m", "virtual,virtual-direct,completable:50,coroutines,coroutines-virtual,coroutines-io,reactor,platform:8",
                "-p", "profiles=" + profiles, "-p", "latency=20ms", "-p", "failure-rate=0.1",
                "--warmup", "0", "--iterations", "1", "--out", out.toString());
        assertThat(o.exit()).as("a failed result (the starved pool) makes the run exit 1").isEqualTo(1);
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(8);
        for (JsonNode r : results.subList(0, 7)) {
            String model = r.get("model").asText();
            assertThat(r.get("status").asText()).as(model + ": " + r.path("error").asText()).isEqualTo("ok");
            assertThat(r.get("forks").asInt()).as(model).isEqualTo(1);
            assertThat(r.get("metrics").get("profiles_failed").get("median").asDouble()).as(model).isEqualTo(expectedFailed);
            assertThat(r.get("metrics").get("profiles_built").get("median").asDouble()).as(model)
                    .isEqualTo(profiles - expectedFailed);
            assertThat(r.get("metrics").get("wall_ms").get("min").asDouble()).as(model).isGreaterThanOrEqualTo(40.0);
        }
        JsonNode starved = results.get(7);
        assertThat(starved.get("model").asText()).isEqualTo("platform:8");
        assertThat(starved.get("status").asText()).isEqualTo("failed");
        assertThat(starved.get("error").asText()).contains("thread-starvation deadlock");
    }
}
