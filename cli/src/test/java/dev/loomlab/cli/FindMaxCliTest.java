package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab load --find-max} against servers whose capacity the test fixes: a pool of threads that each
 * wait a delay per request cannot answer more than threads / delay per second, whatever the search finds.
 */
// Beside other test classes: its targets answer a few hundred requests a second, and its objectives allow the
// generator a lag of 75 ms or more (a quarter of the limit) before a step is not trusted.
class FindMaxCliTest {
    @TempDir
    Path tmp;

    /** A server on a fixed pool of {@code threads}, each request waiting {@code delayMs} and answering {@code status}. */
    static HttpServer server(ExecutorService pool, long delayMs, int status) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        http.setExecutor(pool);
        http.createContext("/get", exchange -> {
            try (exchange) {
                Thread.sleep(delayMs);
                byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
                exchange.sendResponseHeaders(status, ok.length);
                exchange.getResponseBody().write(ok);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        http.start();
        return http;
    }

    @Test
    void theRateFoundIsNeverAboveWhatThePoolCanAnswerAndTheCurveIsReported() throws Exception {
        int threads = 20;
        long delayMs = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        HttpServer http = server(pool, delayMs, 200);
        try {
            Path out = tmp.resolve("max");
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            CliHarness.Outcome o = CliHarness.run("load", url, "--find-max", "--slo", "p50<400ms", "--start-rate", "100/s",
                    "--min-rate", "50/s", "--precision", "20%", "--warmup", "1s", "--duration", "1s", "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isZero();

            Result r = new ResultsFolder(out).read().getFirst();
            assertThat(r.model()).isEqualTo("open:max");
            assertThat(r.params()).containsEntry("rate", "max");
            assertThat(r.score()).isEqualTo("max_rate_per_s");
            assertThat(r.section(CapacitySearch.SECTION)).hasSize(1);
            CapacitySearch s = r.section(CapacitySearch.SECTION).getFirst();
            assertThat(s.slo()).isEqualTo("p50<400ms");
            List<Double> rates = s.steps().stream().map(CapacityStep::ratePerS).toList();
            // doubling from the start rate; a step judged within noise (a loaded machine) is measured again at its rate
            assertThat(rates.stream().distinct().limit(2)).containsExactly(100.0, 200.0);
            assertThat(s.found()).isTrue();
            assertThat(s.highestPassingPerS()).isLessThan(s.firstFailingPerS());
            // no step wanted 5,000/s, where the generator's share of a core starts to count: its ceiling was not measured
            assertThat(rates).allMatch(rate -> rate < 5_000);
            assertThat(s.generatorCeilingPerS()).isNull();
            assertThat(o.err()).doesNotContain("measuring the generator's own ceiling");
            // Physics: in a span of S seconds each thread answers at most S / delay + 1 requests.
            CapacityStep atMax = s.steps().stream().filter(st -> st.passed() && st.ratePerS() == s.highestPassingPerS())
                    .reduce((a, b) -> b).orElseThrow();
            double mostPerSecond = threads * (atMax.measuredS() / (delayMs / 1000.0) + 1) / atMax.measuredS();
            assertThat(s.maxRatePerS()).isPositive().isLessThanOrEqualTo(mostPerSecond)
                    .isLessThanOrEqualTo(s.highestPassingPerS());
            assertThat(((Summary) r.metrics().get("max_rate_per_s")).median()).isEqualTo(s.maxRatePerS());
            assertThat(((Summary) r.metrics().get("first_failing_per_s")).median()).isEqualTo(s.firstFailingPerS());
            // each step measured at least the 200 requests a p50 rests on
            assertThat(s.steps()).allMatch(st -> st.ratePerS() * st.measuredS() >= 199.9);
            // each step's pool: its rate × the mean time in flight p50<400ms allows with the 4 s timeout (ten times the
            // limit), 0.5 × 0.4 s + 0.5 × 4 s = 2.2 s, at least 100; the result records the largest
            long largestPool = s.steps().stream().mapToLong(st -> Math.max(100, (long) Math.ceil(st.ratePerS() * 2.2 - 1e-9)))
                    .max().orElseThrow();
            assertThat(((Number) r.params().get("connections")).longValue()).isEqualTo(largestPool);
            assertThat(o.out()).contains("/s sustained within p50<400ms").contains("Capacity");
            assertThat(Files.readString(out.resolve("report.html"))).contains("\"kind\":\"capacity\"");
            assertThat(Files.readString(out.resolve("report.md"))).contains("## Capacity");
            assertThat(Files.readString(out.resolve("results.jsonl"))).contains("\"highest_passing_per_s\"");
        } finally {
            http.stop(0);
            pool.shutdownNow();
        }
    }

    @Test
    void repeatedSearchesAreEachASearchOfTheResultAndItsMedianIsTheirs() throws Exception {
        // 10 threads × 1 / 20 ms: at most 500/s. From 200/s at 50% precision a search passes 200/s, fails 800/s at the
        // latest and bisects once or twice: three to five short steps (200 requests, what a p50 rests on, take 0.5 s at 400/s)
        ExecutorService pool = Executors.newFixedThreadPool(10);
        HttpServer http = server(pool, 20, 200);
        try {
            Path out = tmp.resolve("repeat");
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            CliHarness.Outcome o = CliHarness.run("load", url, "--find-max", "--repeat", "2", "--slo", "p50<300ms",
                    "--start-rate", "200/s", "--min-rate", "100/s", "--precision", "50%", "--warmup", "500ms", "--duration", "500ms",
                    "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isZero();

            Result r = new ResultsFolder(out).read().getFirst();
            assertThat(r.iterations()).isEqualTo(2);
            List<CapacitySearch> searches = r.section(CapacitySearch.SECTION);
            assertThat(searches).hasSize(2).allMatch(CapacitySearch::found)
                    .allSatisfy(s -> assertThat(s.steps().getFirst().ratePerS()).isEqualTo(200.0));
            Summary max = (Summary) r.metrics().get("max_rate_per_s");
            double first = searches.get(0).maxRatePerS();
            double second = searches.get(1).maxRatePerS();
            assertThat(max.samples()).containsExactly(first, second);
            // the median of two is their mean
            assertThat(max.median()).isEqualTo((first + second) / 2);
            assertThat(max.min()).isEqualTo(Math.min(first, second));
            assertThat(o.err()).contains("search 1/2 step 1: 200/s").contains("search 2/2 step 1: 200/s");
            assertThat(o.out()).contains("median of 2 searches").contains("an interval for the median needs 5 searches");
        } finally {
            http.stop(0);
            pool.shutdownNow();
        }
    }

    @Test
    void aServerThatFailsEveryRateExitsOneWithTheCurveItMeasured() throws Exception {
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        HttpServer http = server(pool, 0, 503);
        try {
            Path out = tmp.resolve("none");
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            CliHarness.Outcome o = CliHarness.run("load", url, "--find-max", "--slo", "p50<1s,errors<1%", "--start-rate",
                    "200/s", "--min-rate", "100/s", "--warmup", "0s", "--duration", "1s", "--out", out.toString());
            assertThat(o.exit()).as(o.err()).isEqualTo(1);

            Result r = new ResultsFolder(out).read().getFirst();
            assertThat(r.status()).isEqualTo(Status.FAILED);
            assertThat(r.error()).contains("no rate met p50<1s,errors<1%").contains("100/s");
            assertThat(r.section(CapacitySearch.SECTION)).singleElement().satisfies(s -> {
                assertThat(s.found()).isFalse();
                assertThat(s.steps()).extracting(CapacityStep::ratePerS).containsExactly(200.0, 100.0);
                assertThat(s.steps()).allMatch(st -> st.errorsPct() == 100.0);
            });
            assertThat(o.out()).contains("no rate met");
            assertThat(Files.readString(out.resolve("report.html"))).contains("\"kind\":\"capacity\"");
        } finally {
            http.stop(0);
            pool.shutdownNow();
        }
    }
}
