package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.db.EmbeddedDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab run db} through the CLI, its trials forked: against the embedded PostgreSQL the run starts
 * itself, and against the test JVM's shared one ({@link SharedDatabase}) named with {@code --db-url}, whose rows it counts.
 */
@ExtendWith(SharedDatabase.class)
class DbCliTest {
    @TempDir
    static Path tmp;

    private static CliHarness.Outcome db(Path out, String models, int warmup, int iterations, boolean ownDb, String... params)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "db", "-m", models, "--forks", "1", "--warmup", String.valueOf(warmup),
                "--iterations", String.valueOf(iterations), "--timeout", "2m", "--out", out.toString()));
        if (ownDb) {
            args.addAll(List.of("--db-url", SharedDatabase.address().jdbcUrl()));
        }
        for (String p : params) {
            args.addAll(List.of("-p", p));
        }
        return CliHarness.run(args.toArray(String[]::new));
    }

    private static double metric(JsonNode r, String name, String stat) {
        JsonNode m = r.get("metrics").get(name);
        assertThat(m).as(name + " in " + r).isNotNull();
        return m.get(stat).asDouble();
    }

    private static long count(String sql) throws Exception {
        return SharedDatabase.count(sql);
    }

    /** The PostgreSQL servers listening on {@code port} (zonky starts each with {@code -p PORT}). */
    private static List<Long> postgresOn(int port) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains("loomlab-postgres-"))
                .filter(p -> p.info().arguments().map(a -> java.util.Arrays.asList(a)).orElse(List.of())
                        .stream().anyMatch(arg -> arg.equals(String.valueOf(port))))
                .map(ProcessHandle::pid)
                .toList();
    }

    @Test
    void theEmbeddedDatabaseServesPoolsVirtualThreadsAndR2dbcAndIsGoneAfterTheRun() throws Exception {
        Path out = tmp.resolve("embedded");
        CliHarness.Outcome o = db(out, "platform:4,virtual,async", 1, 2, false, "tasks=200", "connections=4");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("starting PostgreSQL (embedded)");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("model").asText() + " " + r.get("status").asText() + " " + r.get("form").asText())
                .containsExactly("platform:4 ok blocking", "virtual ok blocking", "async ok async");
        for (JsonNode r : results) {
            assertThat(metric(r, "commits", "min")).as(r.get("model").asText()).isEqualTo(200);
            assertThat(metric(r, "failed_calls", "max")).isZero();
            // A pool of 4 hands out at most 4 connections, and holds 4 server processes.
            assertThat(metric(r, "pool_active_peak", "max")).isBetween(1.0, 4.0);
            assertThat(metric(r, "pool_idle_peak", "max")).isBetween(0.0, 4.0);
            assertThat(metric(r, "db_backends", "median")).isEqualTo(4);
            assertThat(r.get("bound_ms").asDouble()).isPositive();
            assertThat(r.get("metrics").get("pinned_events")).isNotNull();
            assertThat(r.get("params").get("op").asText()).isEqualTo("read");
        }
        // The run's own server, on the port it printed, is gone.
        java.util.regex.Matcher port = java.util.regex.Pattern.compile("ready at jdbc:postgresql://127\\.0\\.0\\.1:(\\d+)/").matcher(o.err());
        assertThat(port.find()).as(o.err()).isTrue();
        assertThat(postgresOn(Integer.parseInt(port.group(1)))).as("postgres processes left by the run").isEmpty();
    }

    @Test
    void aPoolOfTwoCannotBeatLittlesLawAndVirtualThreadsWaitForIt() throws Exception {
        Path out = tmp.resolve("slow");
        CliHarness.Outcome o = db(out, "virtual", 1, 2, true, "op=slow", "latency=50ms", "tasks=40", "connections=2");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = RunContractTest.results(out).get(0);
        // 40 calls that each hold one of 2 connections for at least 50 ms: 20 waves, at least 1,000 ms.
        assertThat(metric(r, "wall_ms", "min")).isGreaterThanOrEqualTo(1_000);
        assertThat(r.get("bound_ms").asDouble()).isGreaterThanOrEqualTo(1_000);
        // 40 virtual threads and 2 connections: most of them wait for one, for most of a second.
        assertThat(metric(r, "pool_pending_peak", "max")).isGreaterThanOrEqualTo(1);
        assertThat(metric(r, "pool_wait_p99_ms", "max")).isGreaterThanOrEqualTo(50);
    }

    @Test
    void writeBatchCommitsItsRowsInOneTransactionPerCall() throws Exception {
        long before = count("select count(*) from loomlab_writes");
        Path out = tmp.resolve("batch");
        CliHarness.Outcome o = db(out, "platform:3", 1, 2, true, "op=write-batch", "batch=5", "tasks=30");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(metric(r, "commits", "min")).isEqualTo(30);
        assertThat(metric(r, "rows_written", "min")).isEqualTo(150);
        assertThat(metric(r, "rows_written_per_s", "min")).isPositive();
        long written = count("select count(*) from loomlab_writes") - before;
        // Warm-up and measured iterations wrote 3 × 30 × 5 rows; the calibration's calls wrote whole batches too.
        assertThat(written).isGreaterThanOrEqualTo(3 * 30 * 5);
        assertThat(written % 5).isZero();
    }

    /**
     * A pool of one connection held 1 s by one call: the three others give up after 250 ms and are counted, and the
     * iteration goes on. It may take more than 10 s: a trial JVM whose calibration and measured iteration each wait for
     * the held call, which is why it is held no longer than 1 s, four times the others' wait.
     */
    @Test
    void callsThatWaitTooLongForAConnectionAreCountedAndTheIterationGoesOn() throws Exception {
        Path out = tmp.resolve("timeouts");
        CliHarness.Outcome o = db(out, "virtual", 0, 1, true, "op=slow", "latency=1s", "tasks=4", "connections=1",
                "acquire-timeout=250ms");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        // One call holds the only connection for 1 s, four times the others' wait: the other three give up after 250 ms.
        assertThat(metric(r, "failed_calls", "max")).isEqualTo(3);
        assertThat(metric(r, "pool_timeouts", "max")).isEqualTo(3);
        assertThat(metric(r, "commits", "max")).isEqualTo(1);
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
            assertThat(metric(r, "commits", "min")).isEqualTo(100);
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

    @Test
    void anUnreachableDatabaseIsBadInputBeforeAnyTrial() {
        Path out = tmp.resolve("unreachable");
        CliHarness.Outcome o = CliHarness.run("run", "db", "--db-url", "jdbc:postgresql://127.0.0.1:1/nothing", "--out", out.toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines().collect(Collectors.toList())).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: --db-url jdbc:postgresql://127.0.0.1:1/nothing: cannot log in");
        assertThat(out.resolve("results.jsonl")).doesNotExist();
    }
}
