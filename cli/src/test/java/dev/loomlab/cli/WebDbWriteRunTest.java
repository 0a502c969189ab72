package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab run web -p endpoint=db-write,db-write-batch --db-url …} through the CLI: the server writes into the
 * database named, whose rows this test counts (a class of its own so that it runs beside {@link WebDbRunTest}). On
 * mvc-virtual, whose write endpoints no other test loads: the run hands {@code --db-url} to every server alike (in the
 * environment of the processes it starts), and load's DbEndpointsTest loads the write endpoints of webflux (R2DBC) and of
 * jdk and helidon (JDBC, as mvc) through that same environment. It takes more than 10 s: two Spring servers, each loaded
 * by a trial JVM of its own.
 */
@ExtendWith(SharedDatabase.class)
class WebDbWriteRunTest {
    @TempDir
    static Path tmp;

    private static long writes() throws Exception {
        return SharedDatabase.count("select count(*) from loomlab_writes");
    }

    @Test
    void theWriteEndpointsWriteIntoTheDatabaseThatDbUrlNames() throws Exception {
        int batch = 5;
        long before = writes();
        Path out = tmp.resolve("writes");
        CliHarness.Outcome o = WebDbRunTest.web(out, "mvc-virtual", List.of("--db-url", SharedDatabase.address().jdbcUrl()),
                "endpoint=db-write,db-write-batch", "batch=" + batch,
                "db-connections=4", "users=4", "warmup=0s", "duration=1s");
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(o.err()).doesNotContain("starting PostgreSQL");

        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("params").get("endpoint").asText())
                .containsExactlyInAnyOrder("db-write", "db-write-batch");
        double leastRows = 0;
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
            assertThat(WebDbRunTest.median(r, "errors")).as(r.toString()).isZero();
            assertThat(WebDbRunTest.median(r, "ok")).as(r.toString()).isPositive();
            int rowsPerCall = r.get("params").get("endpoint").asText().equals("db-write-batch") ? batch : 1;
            leastRows += WebDbRunTest.median(r, "server_db_calls") * rowsPerCall;
        }
        // Besides the calls counted, each server's check request and lead-in wrote rows too.
        assertThat((double) (writes() - before)).isGreaterThanOrEqualTo(leastRows).isPositive();
    }
}
