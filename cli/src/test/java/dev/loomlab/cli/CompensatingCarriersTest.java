package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scheduler's pool as its bean reports it, through the launcher on JDK 25: a virtual thread forcing a file to disk
 * captures its carrier, and the JDK starts others to keep its parallelism of carriers free, so the pool grows past the
 * parallelism; virtual threads that only sleep never capture one, and the pool stays within it.
 */
class CompensatingCarriersTest {
    @TempDir
    Path tmp;

    @Test
    void aForcedWriteGrowsThePoolPastItsParallelismASleepDoesNot() throws Exception {
        Path fsync = tmp.resolve("fsync");
        CliHarness.Outcome o = CliHarness.run("run", "task", "--classpath", ExamplesTest.CLASSES.toString(), "--task",
                "dev.loomlab.examples.FsyncTask", "-m", "virtual", "-p", "tasks=200", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--out", fsync.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        JsonNode forced = RunContractTest.results(fsync).getFirst().get("metrics");
        assertThat(forced.get("vt_pool_size").get("median").asDouble()).as(forced.toString())
                .isGreaterThan(forced.get("vt_parallelism").get("median").asDouble());

        Path sleep = tmp.resolve("sleep");
        o = CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=200", "-p", "sleep=10ms", "--forks", "1", "--warmup",
                "0", "--iterations", "1", "--out", sleep.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        JsonNode slept = RunContractTest.results(sleep).getFirst().get("metrics");
        assertThat(slept.get("vt_pool_size").get("median").asDouble()).as(slept.toString())
                .isLessThanOrEqualTo(slept.get("vt_parallelism").get("median").asDouble());
    }
}
