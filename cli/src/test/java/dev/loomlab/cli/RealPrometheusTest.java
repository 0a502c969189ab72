package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Debian's Prometheus scrapes a short {@code loomlab run … --metrics-port P} every second, and its HTTP API
 * shows {@code loomlab_tasks_completed_total} rising between scrapes. Skipped without Prometheus except on CI.
 */
class RealPrometheusTest {
    /** Iterations of at least 2 s each: long enough for Prometheus's 1 s scrapes to catch the count at three points. */
    private static final int ITERATIONS = 5;

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void prometheusSeesTheTaskCountRiseDuringARun() throws Exception {
        Path prometheus = InstalledTool.require("prometheus", "apt-get install prometheus");
        int loomlabPort = LiveRun.freePort();
        int prometheusPort = LiveRun.freePort();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: loomlab
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(loomlabPort));
        Process server = new ProcessBuilder(prometheus.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheusPort)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        try {
            awaitReady(prometheusPort, server);
            CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "platform:10", "-p", "tasks=" + LiveRun.TASKS,
                    "-p", "sleep=100ms", "--forks", "1", "--warmup", "0", "--iterations", Integer.toString(ITERATIONS),
                    "--metrics-port", Integer.toString(loomlabPort), "--out", dir.resolve("out").toString());
            assertThat(o.exit()).as(o.err()).isZero();

            // Every scrape Prometheus stored during the run, over the last five minutes.
            JsonNode result = query(prometheusPort, "loomlab_tasks_completed_total[5m]").path("data").path("result");
            assertThat(result).as(Files.readString(dir.resolve("prometheus.log"))).hasSize(1);
            List<Double> values = new ArrayList<>();
            result.get(0).path("values").forEach(v -> values.add(Double.parseDouble(v.get(1).asText())));
            assertThat(values).as("scraped values").hasSizeGreaterThanOrEqualTo(3).isSorted();
            assertThat(values.getLast()).isLessThanOrEqualTo(LiveRun.TASKS * ITERATIONS);
            assertThat(new TreeSet<>(values)).as("distinct scraped values").hasSizeGreaterThanOrEqualTo(2);
            double rose = Double.parseDouble(query(prometheusPort, "increase(loomlab_tasks_completed_total[5m])")
                    .path("data").path("result").get(0).path("value").get(1).asText());
            assertThat(rose).isGreaterThan(0);
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Waits (at most two minutes) until Prometheus says it is ready. */
    private void awaitReady(int port, Process server) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(server.isAlive()).as("prometheus runs: " + Files.readString(dir.resolve("prometheus.log"))).isTrue();
            try {
                if (http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/-/ready")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("prometheus not ready in 2 minutes: " + Files.readString(dir.resolve("prometheus.log")));
    }

    private JsonNode query(int port, String promql) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode body = Json.mapper().readTree(r.body());
        assertThat(body.path("status").asText()).as(r.body()).isEqualTo("success");
        return body;
    }
}
