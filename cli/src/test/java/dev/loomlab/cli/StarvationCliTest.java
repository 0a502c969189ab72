package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario {@code starvation} through the launcher. As many hogs as the scheduler has carriers (one, set by the model),
 * none yielding: a sleeper woken meanwhile waits in the scheduler's queue until a hog ends its 100 ms, so the latest
 * wake-up is late by most of that, whatever else the machine does. Yielding every 0.1 ms, or on platform threads, the
 * result is still ok and carries the same figures; how much less late is a measurement (docs/scheduler.md), not a test.
 */
class StarvationCliTest {
    @TempDir
    Path tmp;

    @Test
    void aHogThatNeverYieldsKeepsTheOneCarrierFromTheSleepers() throws Exception {
        Path out = tmp.resolve("starved");
        CliHarness.Outcome o = CliHarness.run("run", "starvation", "-m", "virtual:parallelism=1,platform", "-p", "hogs=1",
                "-p", "hog-work=100ms", "-p", "yield-every=0,1", "-p", "sleepers=2", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--out", out.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(4).allSatisfy(r -> {
            assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
            assertThat(r.get("metrics").get("wakeups").get("median").asDouble()).isGreaterThanOrEqualTo(2);
            assertThat(r.get("metrics").has("lateness_p99_ms")).isTrue();
        });
        JsonNode starved = results.stream().filter(r -> r.get("model").asText().equals("virtual:parallelism=1")
                && r.get("params").get("yield-every").asInt() == 0).findFirst().orElseThrow();
        JsonNode m = starved.get("metrics");
        assertThat(m.get("lateness_max_ms").get("median").asDouble()).as(m.toString()).isGreaterThanOrEqualTo(50);
        assertThat(m.get("vt_parallelism").get("median").asDouble()).isEqualTo(1);
        assertThat(m.get("vt_queued_peak").get("median").asDouble()).as(m.toString()).isGreaterThanOrEqualTo(1);
        assertThat(m.get("hog_yields").get("median").asDouble()).isZero();
        // yielding every unit: 1,000 units of 0.1 ms, a yield after each but the last
        JsonNode yielding = results.stream().filter(r -> r.get("model").asText().equals("virtual:parallelism=1")
                && r.get("params").get("yield-every").asInt() == 1).findFirst().orElseThrow();
        assertThat(yielding.get("metrics").get("hog_yields").get("median").asDouble()).isEqualTo(999);
        // platform threads: no scheduler figures
        JsonNode platform = results.stream().filter(r -> r.get("model").asText().equals("platform")).findFirst().orElseThrow();
        assertThat(platform.get("metrics").has("vt_parallelism")).isFalse();
    }
}
