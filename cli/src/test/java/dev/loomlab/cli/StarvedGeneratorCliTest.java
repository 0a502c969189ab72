package dev.loomlab.cli;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run whose generator cannot be trusted, end to end through {@code loomlab load}. It starves its own generator, so
 * other test JVMs beside it only starve it more.
 */
class StarvedGeneratorCliTest {
    @TempDir
    Path tmp;

    /**
     * A generator whose JVM leaves it no core — four threads spinning for each — falls behind its schedule by more than a
     * quarter of a 4 ms limit (each wait for a time slice is longer): its run is invalid, says why, keeps its figures, and
     * exits 1.
     */
    @Test
    void aStarvedGeneratorsRunIsInvalidAndKeepsItsFigures() throws Exception {
        try (KneeCliTest.PooledService service = KneeCliTest.PooledService.start(4, 0)) {
            List<Thread> spinners = new ArrayList<>();
            AtomicBoolean stop = new AtomicBoolean();
            for (int i = 0; i < 4 * Runtime.getRuntime().availableProcessors(); i++) {
                spinners.add(Thread.ofPlatform().daemon().start(() -> {
                    while (!stop.get()) {
                        Math.sqrt(System.nanoTime());
                    }
                }));
            }
            CliHarness.Outcome o;
            Path out = tmp.resolve("starved");
            try {
                o = CliHarness.run("load", service.url("/get"), "--rate", "1000/s", "--warmup", "0s", "--duration", "2s",
                        "--slo", "p99<4ms", "--out", out.toString());
            } finally {
                stop.set(true);
                for (Thread t : spinners) {
                    t.join();
                }
            }
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            Result r = new ResultsFolder(out).read().getFirst();
            assertThat(r.status()).isEqualTo(Status.INVALID);
            assertThat(r.error()).startsWith("the generator");
            assertThat(r.metrics()).containsKeys("throughput_per_s", "requests", "generator_lag_p99_ms", "task_latency_ms");
            // the service runs in this JVM: its CPU is not called the generator's
            assertThat(r.metrics()).doesNotContainKey("generator_cpu_pct");
            assertThat(r.error()).startsWith("the generator fell behind its schedule");
            assertThat(o.out()).contains("loomlab load: invalid: the generator");
        }
    }
}
