package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --metrics-port} on {@code load} and {@code serve}: a load against {@code loomlab serve jdk} whose endpoint
 * waits in the database ({@code db-sleep}, through a HikariCP pool of {@value #DB_CONNECTIONS}) answers with rising
 * request counts, latencies no shorter than the query's wait and the server's saturation, only on loopback; serve
 * exposes its server's saturation, what the server reports of itself included — its pool's size, every connection in
 * use with callers waiting, more requests in flight than connections; a metrics port in use is bad input before
 * anything starts. jdk has no pool of request threads to report: Tomcat's busy threads are ServersTest's.
 */
@ExtendWith(SharedDatabase.class)
class GoldenSignalsTest {
    private static final Pattern STARTED = Pattern.compile("\\(pid (\\d+), .* at (http://\\S+)");
    private static final int USERS = 20;
    private static final int DB_CONNECTIONS = 5;
    private static final double WAIT_SECONDS = 0.020;
    private static final String OK = "loomlab_http_requests_total{outcome=\"ok\"}";

    @TempDir
    Path dir;

    private final MetricsScraper metrics = new MetricsScraper();

    @Test
    void aLoadAgainstServeShowsItsGoldenSignalsAndServeItsServersSaturation() throws Exception {
        int servePort = LiveRun.freePort();
        Path serveErr = dir.resolve("serve-err.txt");
        Process serve = ChildCli.builder(List.of(), "serve", "jdk", "-p", "endpoint=db-sleep", "-p", "db-latency=20ms",
                "-p", "db-connections=" + DB_CONNECTIONS, "--db-url", SharedDatabase.address().jdbcUrl(), "--metrics-port",
                Integer.toString(servePort)).redirectError(serveErr.toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))) {
            Matcher started = null;
            for (String line; started == null && (line = out.readLine()) != null; ) {
                Matcher m = STARTED.matcher(line);
                started = m.find() ? m : null;
            }
            assertThat(started).as("serve started: " + Files.readString(serveErr)).isNotNull();
            URI url = URI.create(started.group(2));
            String idle = firstServedFigures(servePort);
            assertThat(idle).as("serve's endpoint").isNotNull();
            assertThat(value(idle, "loomlab_server_threads").orElseThrow()).as("a JVM has threads").isGreaterThan(1);
            assertThat(value(idle, "loomlab_server_rss_bytes").orElseThrow()).as("a JVM is more than a megabyte")
                    .isGreaterThan(1 << 20);
            assertThat(idle).doesNotContain("loomlab_http_requests_total").as("serve sees no requests of its own");
            assertThat(value(idle, "loomlab_server_pool_max")).as("the database pool").hasValue(DB_CONNECTIONS);
            assertThat(value(idle, "loomlab_server_pool_active")).hasValue(0);
            assertThat(value(idle, "loomlab_server_requests_in_flight")).hasValue(0);

            int loadPort = LiveRun.freePort();
            CompletableFuture<CliHarness.Outcome> load = CompletableFuture.supplyAsync(() -> CliHarness.run("load",
                    url.toString(), "--users", Integer.toString(USERS), "--duration", "3s", "--metrics-port",
                    Integer.toString(loadPort), "--out", dir.resolve("out").toString()));
            List<String> loadAnswers = new ArrayList<>();
            List<String> serveAnswers = new ArrayList<>();
            boolean checkedInterfaces = false;
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!load.isDone() && System.nanoTime() < deadline) {
                String a = metrics.scrape(loadPort);
                if (a != null) {
                    loadAnswers.add(a);
                    if (!checkedInterfaces) {
                        MonitoringTest.assertNotReachableOutsideLoopback(loadPort);
                        checkedInterfaces = true;
                    }
                }
                String s = metrics.scrape(servePort);
                if (s != null) {
                    serveAnswers.add(s);
                }
                Thread.sleep(300);
            }
            CliHarness.Outcome o = load.get();
            assertThat(o.exit()).as(o.err()).isZero();
            assertThat(o.err()).contains("loomlab: Prometheus metrics at http://127.0.0.1:" + loadPort + "/metrics");
            assertThat(checkedInterfaces).as("the load's endpoint answered").isTrue();

            List<Double> ok = loadAnswers.stream().map(a -> value(a, OK)).filter(OptionalDouble::isPresent)
                    .map(OptionalDouble::getAsDouble).toList();
            assertThat(ok).isSorted();
            assertThat(new TreeSet<>(ok)).as("values of " + OK + " while the load ran").hasSizeGreaterThanOrEqualTo(2);
            assertThat(ok.getLast()).isPositive();
            assertThat(loadAnswers).allMatch(a -> value(a, "loomlab_http_requests_total{outcome=\"error\"}").orElse(0) == 0);
            List<Double> p50 = numbers(loadAnswers, "loomlab_http_latency_seconds{percentile=\"50\"}");
            assertThat(p50).as("the last second's median").isNotEmpty()
                    .allMatch(v -> v >= WAIT_SECONDS, "no shorter than the query's 20 ms wait");
            assertThat(numbers(loadAnswers, "loomlab_server_open_connections")).as("the load saw the server's connections")
                    .anyMatch(c -> c >= USERS);
            assertThat(numbers(serveAnswers, "loomlab_server_open_connections")).as("serve saw its server's connections")
                    .anyMatch(c -> c >= USERS);
            assertThat(numbers(serveAnswers, "loomlab_server_cpu_ratio")).as("the server worked under load")
                    .anyMatch(c -> c > 0).allMatch(c -> c <= 1);
            // A closed load of USERS users has at most USERS requests in flight, those past the pool waiting for a connection.
            assertThat(numbers(serveAnswers, "loomlab_server_requests_in_flight")).as("requests in flight")
                    .anyMatch(n -> n > DB_CONNECTIONS).allMatch(n -> n <= USERS);
            assertThat(numbers(serveAnswers, "loomlab_server_pool_active")).as("connections in use")
                    .contains((double) DB_CONNECTIONS).allMatch(n -> n <= DB_CONNECTIONS);
            assertThat(numbers(serveAnswers, "loomlab_server_pool_pending")).as("callers waiting for a connection")
                    .anyMatch(n -> n >= 1).allMatch(n -> n <= USERS);
            assertThat(numbers(serveAnswers, "loomlab_server_gc_pause_ratio")).as("the GC's share of an interval")
                    .isNotEmpty().allMatch(r -> r >= 0 && r <= 1);
        } finally {
            serve.destroy();
            assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aMetricsPortInUseIsBadInputBeforeAnyLoadOrServer() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            Path out = dir.resolve("never");
            for (CliHarness.Outcome o : List.of(
                    CliHarness.run("load", "http://127.0.0.1:9/", "--users", "1", "--metrics-port", port, "--out", out.toString()),
                    CliHarness.run("serve", "jdk", "--metrics-port", port))) {
                assertThat(o.exit()).as(o.err()).isEqualTo(2);
                assertThat(o.err().lines().toList()).hasSize(1).first().asString()
                        .startsWith("loomlab: --metrics-port " + port).contains("in use");
                assertThat(o.out()).doesNotContain("loomlab serve: jdk");
            }
            assertThat(out).doesNotExist();
        }
    }

    /**
     * serve's first answer that carries what its server reports of itself (its database pool's size), or its last answer
     * when none does within 30 s: serve prints its server's address just before it samples it first.
     */
    private String firstServedFigures(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String answer = metrics.scrape(port);
        while (System.nanoTime() < deadline && !carriesServedFigures(answer)) {
            Thread.sleep(50);
            answer = metrics.scrape(port);
        }
        return answer;
    }

    private static boolean carriesServedFigures(String answer) {
        return answer != null && value(answer, "loomlab_server_pool_max").orElse(Double.NaN) > 0;
    }

    private static OptionalDouble value(String answer, String series) {
        return LiveRun.value(answer, series);
    }

    /** The values of {@code series} in the answers that carry a number for it. */
    private static List<Double> numbers(List<String> answers, String series) {
        return answers.stream().map(a -> value(a, series)).filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble)
                .filter(v -> !v.isNaN()).toList();
    }
}
