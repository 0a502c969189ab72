package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Article 004's cautions through the CLI: forked trials, their own metrics in the JSON and CSV, choices listed. */
class CautionScenariosTest {
    @TempDir
    Path tmp;

    @Test
    void aSemaphoreOfTheLimitAvoidsEveryRejection() throws Exception {
        Path out = tmp.resolve("semaphore");
        CliHarness.runInto(out, "run", "semaphore", "--forks", "1", "-m", "virtual,virtual-bounded:5", "-p", "tasks=50",
                "-p", "limit=5", "-p", "latency=10ms", "-p", "overflow=reject", "--warmup", "0", "--iterations", "1");
        List<JsonNode> results = RunContractTest.results(out);
        JsonNode unbounded = results.get(0).get("metrics");
        JsonNode bounded = results.get(1).get("metrics");
        assertThat(unbounded.get("calls_completed").get("median").asDouble() + unbounded.get("calls_rejected").get("median").asDouble())
                .isEqualTo(50.0);
        assertThat(bounded.get("calls_rejected").get("median").asDouble()).isZero();
        assertThat(bounded.get("wall_ms").get("min").asDouble()).isGreaterThanOrEqualTo(100.0);
        assertThat(results.get(1).get("bound_ms").asDouble()).isEqualTo(100.0);
        assertThat(results.get(0).get("params").get("overflow").asText()).isEqualTo("reject");
        assertThat(results.get(0).get("pinned_stacks").isNull()).isTrue();
        assertThat(Files.readString(out.resolve("results.csv"))).contains("param.overflow").contains("calls_rejected.median");
    }

    @Test
    void threadLocalTrialsReportObjectsAndAllocation() throws Exception {
        Path out = tmp.resolve("threadlocal");
        CliHarness.runInto(out, "run", "threadlocal", "--forks", "1", "-m", "virtual", "-p", "tasks=200", "-p", "cache=threadlocal",
                "--warmup", "0", "--iterations", "1");
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("metrics").get("objects_created").get("median").asDouble()).isEqualTo(200.0);
        assertThat(r.get("metrics").get("allocated_bytes_per_task").get("median").asDouble()).isGreaterThanOrEqualTo(65536.0);
        assertThat(r.get("serial_task_ms").asDouble()).isPositive();
    }

    @Test
    void listShowsEachChoiceAndTheDefaultSweep() {
        CliHarness.Outcome o = CliHarness.run("list", "scenarios");
        assertThat(o.exit()).isZero();
        assertThat(o.out()).contains("-p lock=synchronized  (one of synchronized|reentrant|native|wait|clinit")
                .contains("default sweep: -p lock=synchronized,reentrant,native,wait,clinit")
                .contains("-p overflow=queue  (one of queue|reject")
                .contains("-p cache=threadlocal  (one of threadlocal|per-task|pool|scopedvalue");
    }
}
