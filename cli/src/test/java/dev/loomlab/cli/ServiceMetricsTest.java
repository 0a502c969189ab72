package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.result.Result;
import dev.loomlab.load.service.PrometheusSaturation;
import dev.loomlab.load.service.Saturation;
import dev.loomlab.load.service.ServiceFigures;
import dev.loomlab.report.folder.ResultsFolder;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code load --service-metrics URL}: the Prometheus text of a real endpoint — loomlab's own {@code --metrics-port}
 * registry with Micrometer's binders, as a Spring Boot service exports them — read into the figures that name a knee; a
 * URL that answers anything else refused before the load; a fixed load records what it read.
 */
class ServiceMetricsTest {
    @TempDir
    Path tmp;

    /** One HTTP server on this machine answering each path with its body and status. */
    private static HttpServer serving(String contentType, int status, String body) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/", exchange -> {
            try (exchange) {
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", contentType);
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        http.start();
        return http;
    }

    private static String url(HttpServer http, String path) {
        return "http://127.0.0.1:" + http.getAddress().getPort() + path;
    }

    @Test
    void aRealScrapeOfMicrometersBindersAndLoomlabsGaugesIsRead() throws Exception {
        ExecutorService reports = Executors.newFixedThreadPool(2);
        CountDownLatch release = new CountDownLatch(1);
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(InetAddress.getLoopbackAddress(), 0);
             JvmGcMetrics gc = new JvmGcMetrics()) {
            MeterRegistry registry = endpoint.registry();
            // kept: a gauge holds its object weakly, and a collection comes below
            ServerMetrics server = new ServerMetrics(registry);
            server.accept(new LiveSample.Server(0.5, 40, 1 << 20, 3));
            new ProcessorMetrics().bindTo(registry);
            gc.bindTo(registry);
            ExecutorService monitored = ExecutorServiceMetrics.monitor(registry, reports, "reports");
            // Tomcat's and HikariCP's gauges by the names and units their Micrometer binders give them
            Gauge.builder("tomcat.threads.busy", () -> 7).baseUnit("threads").tag("name", "http-nio-8080").register(registry);
            Gauge.builder("tomcat.threads.config.max", () -> 200).baseUnit("threads").tag("name", "http-nio-8080").register(registry);
            Gauge.builder("hikaricp.connections.active", () -> 10).tag("pool", "HikariPool-1").register(registry);
            Gauge.builder("hikaricp.connections.pending", () -> 4).tag("pool", "HikariPool-1").register(registry);
            Gauge.builder("hikaricp.connections.max", () -> 10).tag("pool", "HikariPool-1").register(registry);
            for (int i = 0; i < 2; i++) {
                monitored.execute(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            System.gc();

            PrometheusSaturation.Probed probed = PrometheusSaturation.probe(endpoint.uri());
            assertThat(probed.readable()).isTrue();
            Saturation s = probed.source().read();
            // the executor's 2 of 2 threads busy is fuller than Tomcat's 7 of 200
            assertThat(s.threadsBusy()).isEqualTo(2.0);
            assertThat(s.threadsMax()).isEqualTo(2.0);
            assertThat(s.poolActive()).isEqualTo(10.0);
            assertThat(s.poolPending()).isEqualTo(4.0);
            assertThat(s.poolMax()).isEqualTo(10.0);
            assertThat(s.cpuRatio()).as("loomlab_server_cpu_ratio").isEqualTo(0.5);
            assertThat(s.cores()).as("system_cpu_count").isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(s.gcPauseSeconds()).as("jvm_gc_pause_seconds_sum after a System.gc()").isNotNaN().isNotNegative();
            assertThat(probed.source().describe()).isEqualTo(endpoint.uri().toString());
            server.accept(new LiveSample.Server(0.25, 40, 1 << 20, 3));
            assertThat(probed.source().read().cpuRatio()).isEqualTo(0.25);
        } finally {
            release.countDown();
            reports.shutdownNow();
        }
    }

    @Test
    void aUrlThatDoesNotAnswerPrometheusTextIsRefusedBeforeTheLoad() throws Exception {
        HttpServer html = serving("text/html", 200, "<!DOCTYPE html>\n<html><body>metrics</body></html>\n");
        HttpServer missing = serving("text/plain", 404, "no such page");
        try {
            Path out = tmp.resolve("html");
            CliHarness.Outcome o = CliHarness.run("load", url(html, "/get"), "--users", "1", "--duration", "1s",
                    "--service-metrics", url(html, "/metrics"), "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isEqualTo(2);
            assertThat(o.err().strip().lines()).singleElement().asString().startsWith("loomlab: --service-metrics")
                    .contains("does not answer Prometheus text: line 1 is no sample");
            assertThat(out).doesNotExist();

            o = CliHarness.run("load", url(html, "/get"), "--users", "1", "--duration", "1s",
                    "--service-metrics", url(missing, "/metrics"), "--out", tmp.resolve("missing").toString());
            assertThat(o.exit()).as(o.err()).isEqualTo(2);
            assertThat(o.err()).contains("answered HTTP 404, not Prometheus text");
        } finally {
            html.stop(0);
            missing.stop(0);
        }
    }

    @Test
    void aFixedLoadRecordsWhatItReadOfTheService() throws Exception {
        HttpServer target = serving("text/plain", 200, "ok");
        HttpServer metrics = serving("text/plain; version=0.0.4", 200, """
                tomcat_threads_busy_threads{name="http-nio-8080"} 12.0
                tomcat_threads_config_max_threads{name="http-nio-8080"} 200.0
                process_cpu_usage 0.25
                system_cpu_count 2.0
                """);
        try {
            Path out = tmp.resolve("fixed");
            CliHarness.Outcome o = CliHarness.run("load", url(target, "/get"), "--rate", "50/s", "--warmup", "1s", "--duration",
                    "2s", "--service-metrics", url(metrics, "/metrics"), "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isZero();
            assertThat(o.err()).contains("reading the service's saturation from " + url(metrics, "/metrics"));

            Result r = new ResultsFolder(out).read().getFirst();
            ServiceFigures service = r.section(ServiceFigures.SECTION).orElseThrow();
            assertThat(service.source()).isEqualTo(url(metrics, "/metrics"));
            assertThat(service.samples()).isBetween(2, 3);
            assertThat(service.threadsBusy()).isEqualTo(12.0);
            assertThat(service.threadsMax()).isEqualTo(200.0);
            assertThat(service.cpuPct()).isEqualTo(25.0);
            assertThat(service.cores()).isEqualTo(2);
            // the target runs in this JVM: its CPU is not called the generator's
            assertThat(r.metrics()).doesNotContainKey("generator_cpu_pct");
            assertThat(o.out()).contains("loomlab load: service: 12 of 200 threads busy, CPU 25% of 2 cores");
        } finally {
            target.stop(0);
            metrics.stop(0);
        }
    }
}
