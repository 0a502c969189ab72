package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.result.Result;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.load.capacity.KneeClassifier;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a search names as its knee, end to end through {@code loomlab load}: against a service the test builds, whose
 * limit it knows.
 */
@Tag("alone") // judges the generator's timing: other tests' JVMs beside it would starve it
class KneeCliTest {
    @TempDir
    Path tmp;

    /**
     * A service of {@code threads} threads each waiting {@code delayMs} per request — at most threads / delay a second —
     * and, on a pool of its own, its Prometheus endpoint with Tomcat's names for that pool's busy and maximum threads.
     */
    record PooledService(HttpServer http, HttpServer metrics, ThreadPoolExecutor pool) implements AutoCloseable {
        static PooledService start(int threads, long delayMs) throws IOException {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
            HttpServer http = FindMaxCliTest.server(pool, delayMs, 200);
            HttpServer metrics = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            metrics.setExecutor(Executors.newSingleThreadExecutor());
            metrics.createContext("/metrics", exchange -> {
                try (exchange) {
                    byte[] text = String.format(Locale.ROOT, """
                            # TYPE tomcat_threads_busy_threads gauge
                            tomcat_threads_busy_threads{name="http-nio"} %d
                            # TYPE tomcat_threads_config_max_threads gauge
                            tomcat_threads_config_max_threads{name="http-nio"} %d
                            """, pool.getActiveCount(), pool.getMaximumPoolSize()).getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, text.length);
                    exchange.getResponseBody().write(text);
                }
            });
            metrics.start();
            return new PooledService(http, metrics, pool);
        }

        String url(String path) {
            return "http://127.0.0.1:" + (path.equals("/metrics") ? metrics : http).getAddress().getPort() + path;
        }

        @Override
        public void close() {
            http.stop(0);
            metrics.stop(0);
            pool.shutdownNow();
        }
    }

    /**
     * 4 threads × 20 ms: at most 200 answers a second; past that, its 4 of 4 threads are busy at every reading. It takes
     * more than 10 s, alone: the generator's 2 s warm-up, then a step per rate of 1 s warm-up and at least the 200 requests
     * a p50 rests on. Closed to 50%, the search typically passes 100/s, fails 200/s (the knee, where the pool runs out) and
     * passes 150/s: three steps; closed to 20% it went on to 175/s, which says nothing more of the knee.
     */
    @Test
    void aSearchNamesTheThreadPoolThatRanOutWithItsFigure() throws Exception {
        try (PooledService service = PooledService.start(4, 20)) {
            Path out = tmp.resolve("pool");
            CliHarness.Outcome o = CliHarness.run("load", service.url("/get"), "--find-max", "--slo", "p50<100ms",
                    "--start-rate", "100/s", "--min-rate", "50/s", "--precision", "50%", "--warmup", "1s", "--duration", "1s",
                    "--service-metrics", service.url("/metrics"), "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isZero();

            Result r = new ResultsFolder(out).read().getFirst();
            CapacitySearch s = r.section(CapacitySearch.SECTION).getFirst();
            assertThat(s.maxRatePerS()).isLessThanOrEqualTo(4 / 0.020 * 1.05);
            KneeCause knee = r.section(KneeCause.SECTION).orElseThrow();
            assertThat(knee).isEqualTo(s.kneeCause());
            assertThat(knee.cause()).as(knee.text()).isEqualTo(KneeCause.THREAD_POOL);
            assertThat(((Number) knee.evidence().get("threads_max")).intValue()).isEqualTo(4);
            assertThat(((Number) knee.evidence().get("threads_busy")).doubleValue())
                    .isGreaterThanOrEqualTo(KneeClassifier.THREADS_BUSY_SHARE * 4);
            assertThat(((Number) knee.evidence().get("rate_per_s")).doubleValue()).isEqualTo(Math.rint(s.firstFailingPerS()));
            // every step read the service
            assertThat(s.steps()).allSatisfy(st -> assertThat(st.service()).isNotNull());
            assertThat(s.steps()).allMatch(CapacityStep::judged);
            assertThat(o.out()).contains("loomlab load: knee: thread-pool — 4 of 4 threads busy at ");
            assertThat(o.err()).contains("reading the service's saturation from " + service.url("/metrics"));
            assertThat(Files.readString(out.resolve("report.html"))).contains("knee: thread-pool");
            assertThat(Files.readString(out.resolve("report.md"))).contains("Knee: thread-pool — 4 of 4 threads busy");
        }
    }
}
