package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The CPU and mixed scenarios validate their results and report a bound from the measured serial time. */
class CpuScenarioTest {
    @TempDir
    Path tmp;

    @Test
    void cpuScenariosReportSerialTimeBoundAndOverhead() throws Exception {
        for (String scenario : List.of("cpu-sqrt", "cpu-pi")) {
            Path out = tmp.resolve(scenario);
            String size = scenario.equals("cpu-sqrt") ? "n=200000" : "terms=200000";
            CliHarness.Outcome o = CliHarness.run("run", scenario, "--forks", "1", "-m", "platform:1,virtual", "-p", "tasks=20", "-p", size,
                    "--warmup", "1", "--iterations", "2", "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isZero();
            for (JsonNode r : RunContractTest.results(out)) {
                assertThat(r.get("status").asText()).isEqualTo("ok");
                double serial = r.get("serial_task_ms").asDouble();
                assertThat(serial).isPositive();
                assertThat(r.get("bound_ms").asDouble()).isPositive();
                assertThat(r.get("metrics").has("scheduling_overhead_pct")).isTrue();
            }
            // One thread must run twenty tasks one after another.
            JsonNode single = RunContractTest.results(out).get(0);
            assertThat(single.get("bound_ms").asDouble()).isEqualTo(20 * single.get("serial_task_ms").asDouble(),
                    org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    @Test
    void mixedSweepsYieldFrequency() throws Exception {
        Path out = tmp.resolve("mixed");
        CliHarness.Outcome o = CliHarness.run("run", "mixed", "--forks", "1", "-m", "virtual", "-p", "tasks=20", "-p", "n=100000",
                "-p", "sleep=5ms", "-p", "yield-every=0,1000", "--warmup", "0", "--iterations", "1", "--out", out.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("params").get("yield-every").asInt()).containsExactly(0, 1000);
        assertThat(results).allSatisfy(r -> {
            assertThat(r.get("status").asText()).isEqualTo("ok");
            assertThat(r.get("metrics").get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(5.0);
        });
    }
}
