package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Forked trials: their outcome comes back, and every way a fork can die becomes a failed outcome. */
class TrialRunnerTest {
    private final TrialRunner runner = TrialRunner.withCurrentClassPath();
    private final Jdk jdk = Jdk.current();

    @TempDir
    Path dir;

    private static TrialSpec sleep(String model, String tasks, String sleep, int iterations) {
        return new TrialSpec("sleep", model, Map.of("tasks", tasks, "sleep", sleep), 0, iterations, 1);
    }

    @Test
    void aForkedTrialReturnsItsIterationsAndBound() throws Exception {
        TrialOutcome o = runner.run(sleep("platform:10", "100", "50ms", 2), jdk, List.of(), Duration.ofMinutes(2),
                dir.resolve("t.log"), ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.OK);
        assertThat(o.iterations()).hasSize(2);
        assertThat(o.boundMs()).isEqualTo(500.0);
        for (IterationResult it : o.iterations()) {
            assertThat(it.metrics().get("wall_ms")).isGreaterThanOrEqualTo(500.0);
            assertThat(HistogramCodec.decode(it.latencyHistogram()).getTotalCount()).isEqualTo(100);
        }
        assertThat(Files.readString(dir.resolve("t.log"))).contains("loomlab trial: sleep platform:10");
    }

    @Test
    void aTrialKilledWithSigkillIsRecordedAsFailed() throws Exception {
        CompletableFuture<TrialOutcome> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(sleep("virtual", "1", "5m", 1), jdk, List.of(), Duration.ofMinutes(5),
                        dir.resolve("killed.log"), ProgressListener.NONE);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        ProcessHandle child = awaitChild(Duration.ofSeconds(60));
        Thread.sleep(1000); // let it get into its iteration
        new ProcessBuilder("kill", "-9", Long.toString(child.pid())).inheritIO().start().waitFor();
        TrialOutcome o = outcome.get(60, TimeUnit.SECONDS);
        assertThat(o.status()).isEqualTo(Status.FAILED);
        assertThat(o.error()).contains("SIGKILL").contains("exit 137");
        assertThat(o.iterations()).isEmpty();
    }

    @Test
    void aHungTrialIsKilledAtItsTimeout() throws Exception {
        long start = System.nanoTime();
        TrialOutcome o = runner.run(sleep("virtual", "1", "5m", 1), jdk, List.of(), Duration.ofSeconds(3),
                dir.resolve("hung.log"), ProgressListener.NONE);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofSeconds(3));
        assertThat(o.status()).isEqualTo(Status.FAILED);
        assertThat(o.error()).startsWith("timeout: trial exceeded 3s");
    }

    @Test
    void aJvmThatCannotStartIsRecordedAsFailedWithItsLog() throws Exception {
        TrialOutcome o = runner.run(sleep("virtual", "1", "1ms", 1), jdk, List.of("-XX:+NoSuchFlagInAnyJvm"),
                Duration.ofMinutes(1), dir.resolve("bad.log"), ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.FAILED);
        assertThat(o.error()).contains("exited with code 1").contains("NoSuchFlagInAnyJvm");
    }

    @Test
    void outOfMemoryIsRecognised() throws Exception {
        // Five million tasks cannot even be recorded in an 8 MB heap.
        TrialOutcome o = runner.run(new TrialSpec("sleep", "virtual", Map.of("tasks", "5000000", "sleep", "1s"), 0, 1, 1),
                jdk, List.of("-Xmx8m"), Duration.ofMinutes(2), dir.resolve("oom.log"), ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.FAILED);
        assertThat(o.error()).containsIgnoringCase("out of memory");
    }

    @Test
    void aTrialWhoseParentIsGoneEndsItself() throws Exception {
        Path spec = dir.resolve("orphan.properties");
        TrialSpecFile.write(sleep("virtual", "1", "5m", 1), spec);
        // A shell stands in for loomlab: it starts the trial, says its pid, and is then killed with SIGKILL.
        Process parent = new ProcessBuilder("sh", "-c", "\"$@\" > \"$0\" 2>&1 & echo $!; wait", dir.resolve("orphan.log").toString(),
                jdk.java().toString(), "-cp", System.getProperty("java.class.path"),
                TrialMain.class.getName(), spec.toString(), dir.resolve("orphan-out.json").toString())
                .redirectErrorStream(true).start();
        long pid = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream())).readLine().trim());
        ProcessHandle trial = ProcessHandle.of(pid).orElseThrow();
        Thread.sleep(1000);
        assertThat(trial.isAlive()).as("the trial runs while its parent lives").isTrue();
        parent.destroyForcibly().waitFor();
        // The trial sleeps for 5 minutes; only its parent watch can end it this soon.
        assertThat(trial.onExit().get(60, TimeUnit.SECONDS).isAlive()).as("trial ended without its parent").isFalse();
        assertThat(dir.resolve("orphan-out.json")).as("an orphan writes no outcome").doesNotExist();
    }

    @Test
    void inProcessExecutionGivesTheSameShape() throws Exception {
        TrialOutcome o = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load())
                .execute(sleep("platform:10", "100", "50ms", 1), ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.OK);
        assertThat(o.form()).isEqualTo("blocking");
        assertThat(o.iterations().get(0).metrics()).containsKeys("wall_ms", "throughput_per_s", "cpu_util_pct",
                "peak_rss_mb", "peak_heap_mb", "threads_peak", "carriers", "gc_count", "gc_time_ms")
                // No sampler ran beside the model, so there are no sampled peaks.
                .doesNotContainKeys("threads_daemon_peak", "threads_nondaemon_peak");
        // The JVM's own peak counter: a pool of 10 was alive at once.
        assertThat(o.iterations().get(0).metrics().get("threads_peak")).isGreaterThanOrEqualTo(10.0);
    }

    @Test
    void sampledThreadsGiveTheDaemonAndNonDaemonPeaks() throws Exception {
        TrialSpec plain = sleep("platform:10", "100", "50ms", 1);
        TrialSpec sampled = new TrialSpec(plain.scenario(), plain.model(), plain.params(), plain.warmup(), plain.iterations(),
                0, 0, true);
        TrialOutcome o = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load()).execute(sampled, ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.OK);
        // The pool's ten workers are non-daemon threads, all alive while 100 tasks of 50 ms run.
        assertThat(o.iterations().get(0).metrics().get("threads_nondaemon_peak")).isGreaterThanOrEqualTo(10.0);
    }

    private static ProcessHandle awaitChild(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> child = ProcessHandle.current().children()
                    .filter(p -> p.info().commandLine().orElse("").contains(TrialMain.class.getName()))
                    .findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no trial JVM started");
    }
}
