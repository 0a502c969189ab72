package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.db.EmbeddedDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab run db} through the CLI when calls wait, pin or lose their database: split from {@link DbCliTest} so that
 * neither class alone holds a test JVM for 40 s.
 */
@ExtendWith(SharedDatabase.class)
class DbFaultCliTest {
    @TempDir
    static Path tmp;

    /**
     * A pool of one connection held 1 s by one call: the three others give up after 250 ms and are counted, and the
     * iteration goes on. It may take more than 10 s: a trial JVM whose calibration and measured iteration each wait for
     * the held call, which is why it is held no longer than 1 s, four times the others' wait.
     */
    @Test
    void callsThatWaitTooLongForAConnectionAreCountedAndTheIterationGoesOn() throws Exception {
        Path out = tmp.resolve("timeouts");
        CliHarness.Outcome o = DbCliTest.db(out, "virtual", 0, 1, true, "op=slow", "latency=1s", "tasks=4", "connections=1",
                "acquire-timeout=250ms");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        // One call holds the only connection for 1 s, four times the others' wait: the other three give up after 250 ms.
        assertThat(DbCliTest.metric(r, "failed_calls", "max")).isEqualTo(3);
        assertThat(DbCliTest.metric(r, "pool_timeouts", "max")).isEqualTo(3);
        assertThat(DbCliTest.metric(r, "commits", "max")).isEqualTo(1);
        assertThat(r.get("first_failure").get("type").asText()).isEqualTo("java.sql.SQLTransientConnectionException");
    }
    @Test
    void pinnedEventsAreCountedOnJdk21AndOnThisJdk() throws Exception {
        String jdk21 = dev.loomlab.core.trial.Jdk21Runtime.home();
        Path out = tmp.resolve("jdks");
        List<String> args = new ArrayList<>(List.of("run", "db", "-m", "virtual", "-p", "tasks=100", "--forks", "1", "--warmup", "1",
                "--iterations", "2", "--timeout", "2m", "--db-url", SharedDatabase.address().jdbcUrl(), "--jvm", jdk21,
                "--jvm", System.getProperty("java.home"), "--out", out.toString()));
        CliHarness.Outcome o = CliHarness.run(args.toArray(String[]::new));
        assertThat(o.exit()).as(o.err()).isZero();
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("jvm").get("version").asText().split("[.+]")[0])
                .containsExactlyInAnyOrder("21", String.valueOf(Runtime.version().feature()));
        for (JsonNode r : results) {
            // Recorded on both (JFR jdk.VirtualThreadPinned, threshold 0): a number in each measured iteration (a JVM
            // that could not record would write NaN), and exactly zero. Neither JDK can pin here: from 24 on (JEP 491)
            // a virtual thread that blocks holding a monitor no longer pins its carrier; on 21 only a monitor or a
            // native frame pins, and the driver (pgjdbc, since 42.6) and the pool guard their state with
            // java.util.concurrent locks, and a socket read parks with no native frame on the stack.
            String jvm = r.get("jvm").get("version").asText();
            for (String name : List.of("pinned_events", "pinned_time_ms")) {
                JsonNode samples = r.get("metrics").get(name).get("samples");
                assertThat(samples).as(name + " on " + jvm).hasSize(2);
                samples.forEach(v -> assertThat(v.isNumber() && v.asDouble() == 0.0).as(name + " on " + jvm + ": " + samples).isTrue());
            }
            assertThat(r.get("pinned_stacks")).as("pinned stacks on " + jvm).isEmpty();
            assertThat(DbCliTest.metric(r, "commits", "min")).isEqualTo(100);
        }
    }
    @Test
    void aDatabaseThatDiesMidRunFailsTheResultsAfterItAndTheRunGoesOn() throws Exception {
        EmbeddedDatabase dying = EmbeddedDatabase.start();
        Path out = tmp.resolve("dies");
        java.util.concurrent.CompletableFuture<CliHarness.Outcome> run = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                CliHarness.run("run", "db", "-m", "platform:4,virtual", "-p", "tasks=50", "--forks", "1", "--warmup", "1",
                        "--iterations", "2", "--timeout", "2m", "--db-url", dying.address().jdbcUrl(), "--out", out.toString()));
        try {
            Path results = out.resolve("results.jsonl");
            for (int i = 0; i < 1_200 && !(java.nio.file.Files.exists(results) && java.nio.file.Files.size(results) > 0); i++) {
                Thread.sleep(100);
            }
        } finally {
            dying.close();
        }
        CliHarness.Outcome o = run.get(3, java.util.concurrent.TimeUnit.MINUTES);
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("status").asText()).isEqualTo("ok");
        assertThat(results.get(1).get("status").asText()).isIn("failed", "invalid");
        assertThat(results.get(1).get("error").asText()).containsIgnoringCase("connect");
    }
}
