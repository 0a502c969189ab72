package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
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

    static CliHarness.Outcome db(Path out, String models, int warmup, int iterations, boolean ownDb, String... params)
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

    static double metric(JsonNode r, String name, String stat) {
        JsonNode m = r.get("metrics").get(name);
        assertThat(m).as(name + " in " + r).isNotNull();
        return m.get(stat).asDouble();
    }

    static long count(String sql) throws Exception {
        return SharedDatabase.count(sql);
    }

    /** The PostgreSQL servers listening on {@code port} (zonky starts each with {@code -p PORT}). */
    static List<Long> postgresOn(int port) {
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
