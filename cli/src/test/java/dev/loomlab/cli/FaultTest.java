package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.trial.TrialMain;
import dev.loomlab.load.web.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Faults a run lives through: each ends in a {@code failed} result with its reason, the results after
 * it still run and are ok, results.jsonl stays valid JSON Lines ({@link RunContractTest#results} parses
 * every line with the project's mapper), the exit code is 1, and no process loomlab started outlives it.
 */
class FaultTest {
    /** A guard against a hang, far above any run here: not a performance assertion. */
    private static final Duration HANG_GUARD = Duration.ofMinutes(5);

    @TempDir
    Path tmp;

    @Test
    void aKilledAHungAndAnOutOfHeapTrialFailEachWithItsReasonAndTheRunGoesOn() throws Exception {
        Path out = tmp.resolve("faults");
        // One plan of four results, every trial JVM with a 64 MB heap:
        // 1. two iterations of one 3 s sleep: the test kills the JVM in its second iteration;
        // 2. a 5 min sleep: it hangs past --timeout;
        // 3. 120,000 parked virtual threads 50 frames deep: their stacks do not fit in the heap (yet few enough
        //    that the scenario's floor of 500 bytes a thread does not call them not applicable up front);
        // 4. a hundred parked virtual threads: fine.
        try (ProcessWatch trials = new ProcessWatch(TrialMain.class.getName());
             Background run = Background.start("run", "sleep", "memory", "-m", "virtual",
                    "-p", "tasks=1", "-p", "sleep=3s,5m", "-p", "threads=120000,100", "-p", "depth=50",
                    "--forks", "1", "--warmup", "0", "--iterations", "2", "--jvm-arg", "-Xmx64m", "--timeout", "20s",
                    "--out", out.toString())) {
            // The first trial's first iteration is done: the second has begun.
            awaitLogLine(out, run.task(), TrialMain.PROGRESS + "measure 1/2");
            trials.killLive(Duration.ofSeconds(30));

            CliHarness.Outcome o = run.outcome();
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            List<JsonNode> results = RunContractTest.results(out);
            assertThat(results).hasSize(4);
            assertThat(results).extracting(r -> r.get("status").asText()).containsExactly("failed", "failed", "failed", "ok");
            assertThat(results.get(0).get("error").asText()).contains("killed by signal 9");
            assertThat(results.get(1).get("error").asText()).startsWith("timeout: trial exceeded 20s");
            assertThat(results.get(2).get("error").asText()).containsIgnoringCase("out of memory")
                    .contains("OutOfMemoryError");
            assertThat(results.get(3).get("metrics").get("threads_parked").get("median").asInt()).isEqualTo(100);
            for (JsonNode failed : results.subList(0, 3)) {
                assertThat(failed.get("metrics").size()).isZero();
            }
            assertThat(o.out()).contains("failed: sleep virtual tasks=1 sleep=3s — crash: killed by signal 9")
                    .contains("failed: sleep virtual tasks=1 sleep=5m — timeout")
                    .contains("failed: memory virtual threads=120000 depth=50 — out of memory");
            assertThat(trials.seen()).as("one trial JVM per result").isEqualTo(4);
            assertThat(trials.alive()).as("trial JVMs left behind").isEmpty();
        }
    }

    @Test
    void aServerThatDiesUnderLoadFailsItsResultWithItsExitCodeAndTheRunGoesOn() throws Exception {
        Path out = tmp.resolve("crash");
        // The trial JVM runs from the build's class path, not dist/lib: tell it where the servers are.
        String home = System.getProperty("loomlab.home");
        try (ProcessWatch servers = new ProcessWatch(ServerModels.named("jdk").mainClass());
             Background run = Background.start("run", "web", "-m", "jdk", "-p", "users=20,10",
                    "-p", "delay=50ms", "-p", "warmup=0s", "-p", "duration=3s", "--forks", "1", "--iterations", "1",
                    "--timeout", "2m", "--jvm-args", "-Dloomlab.home=" + home, "--out", out.toString())) {
            // The first result's load has reached its measured span: its server dies under it.
            awaitLogLine(out, run.task(), "web: load", "measuring");
            ProcessHandle server = servers.killLive(Duration.ofSeconds(30));

            CliHarness.Outcome o = run.outcome();
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            List<JsonNode> results = RunContractTest.results(out);
            assertThat(results).hasSize(2);
            JsonNode crashed = results.get(0);
            assertThat(crashed.get("status").asText()).isEqualTo("failed");
            // SIGKILL: the JVM reports exit 128 + 9.
            assertThat(crashed.get("error").asText())
                    .startsWith("crash: server jdk (pid " + server.pid() + ") died under load: the server exited with code 137")
                    .contains("the load until then: ");
            assertThat(crashed.get("metrics").size()).isZero();
            JsonNode after = results.get(1);
            assertThat(after.get("status").asText()).as(after.get("error").asText()).isEqualTo("ok");
            assertThat(after.get("metrics").get("ok").get("median").asDouble()).isPositive();
            assertThat(o.out()).contains("failed: web jdk users=20");
            assertThat(servers.seen()).as("one server per result").isEqualTo(2);
            assertThat(servers.alive()).as("servers left behind").isEmpty();
        }
    }

    @Test
    void aTargetThatRefusesConnectionsEndsInAFailedResultCountingConnectErrors() throws Exception {
        // A port bound but not listening refuses connections, and no other test's server can take it meanwhile.
        try (Socket reserved = new Socket()) {
            reserved.bind(new InetSocketAddress("127.0.0.1", 0));
            Path out = tmp.resolve("refused");
            CliHarness.Outcome o = CliHarness.run("load", "http://127.0.0.1:" + reserved.getLocalPort() + "/get",
                    "--users", "5", "--duration", "2s", "--out", out.toString());

            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            assertThat(o.err()).doesNotContain("Exception");
            List<JsonNode> results = RunContractTest.results(out);
            assertThat(results).hasSize(1);
            JsonNode r = results.get(0);
            assertThat(r.get("status").asText()).isEqualTo("failed");
            Matcher m = Pattern.compile("no request succeeded: 0 sent, errors: connect (\\d+)").matcher(r.get("error").asText());
            assertThat(m.matches()).as(r.get("error").asText()).isTrue();
            long refused = Long.parseLong(m.group(1));
            // Each of the 5 users was refused at least once, and tried again no sooner than 100 ms later
            // (docs/web.md): at most 2 s / 100 ms + 1 tries each.
            assertThat(refused).isBetween(5L, 5L * (2_000 / 100 + 1));
            assertThat(o.out().lines().filter(l -> l.startsWith("failed: load closed:5"))).hasSize(1);
            assertThat(o.out()).contains("0 ok, " + refused + " errors (connect " + refused + "), no answer to time");
        }
    }

    /**
     * The CLI run on a thread of its own, so that the test can fault what it starts meanwhile. Closing it interrupts
     * a run the test left early (a failed assertion), so that its trial JVMs are killed.
     */
    private record Background(FutureTask<CliHarness.Outcome> task) implements AutoCloseable {
        static Background start(String... args) {
            FutureTask<CliHarness.Outcome> task = new FutureTask<>(() -> CliHarness.run(args));
            Thread.ofPlatform().name("cli-under-test").start(task);
            return new Background(task);
        }

        CliHarness.Outcome outcome() throws Exception {
            return task.get(HANG_GUARD.toSeconds(), TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            if (!task.isDone()) {
                task.cancel(true);
            }
        }
    }

    /** Waits until a trial log in {@code out} has a line holding every one of {@code parts}, or the run ended. */
    private static void awaitLogLine(Path out, FutureTask<?> run, String... parts) throws Exception {
        long deadline = System.nanoTime() + HANG_GUARD.toNanos();
        while (System.nanoTime() < deadline && !run.isDone()) {
            if (anyLogHas(out.resolve("logs"), parts)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no trial log line with " + List.of(parts) + (run.isDone() ? "; the run ended: " + run.get() : ""));
    }

    private static boolean anyLogHas(Path logs, String... parts) throws IOException {
        if (!Files.isDirectory(logs)) {
            return false;
        }
        try (Stream<Path> files = Files.list(logs)) {
            for (Path log : files.toList()) {
                // Decoded leniently: the trial may be half-way through writing a character.
                String text = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
                if (text.lines().anyMatch(line -> Stream.of(parts).allMatch(line::contains))) {
                    return true;
                }
            }
        }
        return false;
    }
}
