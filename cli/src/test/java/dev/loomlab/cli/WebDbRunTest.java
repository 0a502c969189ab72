package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab run web -p endpoint=db…} through the CLI: the run starts the embedded PostgreSQL for the
 * servers and leaves no server of it behind. Writing into a database {@code --db-url} names: {@link WebDbWriteRunTest}.
 * It names no database of its own, so it starts no {@link SharedDatabase}. It takes more than 10 s: a PostgreSQL and two
 * Spring servers, each loaded by a trial JVM of its own.
 */
class WebDbRunTest {
    @TempDir
    static Path tmp;

    static CliHarness.Outcome web(Path out, String models, List<String> dbUrl, String... params) {
        // The trial JVMs run from the build's class path, not dist/lib: tell them where the servers are.
        List<String> args = new ArrayList<>(List.of("run", "web", "--forks", "1", "-m", models, "--iterations", "1",
                "--jvm-args", "-Dloomlab.home=" + System.getProperty("loomlab.home"), "--out", out.toString()));
        args.addAll(dbUrl);
        for (String p : params) {
            args.addAll(List.of("-p", p));
        }
        return CliHarness.run(args.toArray(String[]::new));
    }

    static double median(JsonNode r, String metric) {
        JsonNode m = r.get("metrics").get(metric);
        assertThat(m).as(metric + " in " + r).isNotNull();
        return m.get("median").asDouble();
    }

    /**
     * The embedded PostgreSQL servers listening on {@code port}: by their command line, which names the port and
     * the data folder, so that another test's database on this machine is not taken for the run's.
     */
    private static List<Long> postgresOnPort(int port) {
        return ProcessHandle.allProcesses()
                .filter(p -> {
                    String line = p.info().arguments().map(a -> String.join(" ", a)).orElse("");
                    return line.contains("loomlab-postgres-") && line.contains(" -p " + port + " ");
                })
                .map(ProcessHandle::pid)
                .toList();
    }

    @Test
    void theDbEndpointOnMvcVirtualAndWebfluxHasNoErrorsAgainstTheEmbeddedDatabaseWhichIsGoneAfterTheRun() throws Exception {
        Path out = tmp.resolve("read");
        CliHarness.Outcome o = web(out, "mvc-virtual,webflux", List.of(), "endpoint=db", "users=20", "warmup=0s", "duration=1s");
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        Matcher ready = Pattern.compile("ready at jdbc:postgresql://127\\.0\\.0\\.1:(\\d+)/").matcher(o.err());
        assertThat(ready.find()).as("the run says where its database listens: " + o.err()).isTrue();
        int port = Integer.parseInt(ready.group(1));

        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("model").asText()).containsExactly("mvc-virtual", "webflux");
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
            assertThat(r.get("params").get("endpoint").asText()).isEqualTo("db");
            assertThat(r.get("params").get("db-connections").asInt()).isEqualTo(10);
            assertThat(median(r, "errors")).as(r.toString()).isZero();
            assertThat(median(r, "ok")).as(r.toString()).isPositive();
            // Every ok answer read its user: the server completed at least as many calls (its lead-in's too).
            assertThat(median(r, "server_db_calls")).isGreaterThanOrEqualTo(median(r, "ok"));
            assertThat(r.get("metrics").has("bound_throughput_per_s")).as("a database call has no bound here").isFalse();
        }
        // The run stops its database before it ends (and waits until the server process is gone).
        assertThat(postgresOnPort(port)).as("postgres processes left by the run").isEmpty();
    }
}
