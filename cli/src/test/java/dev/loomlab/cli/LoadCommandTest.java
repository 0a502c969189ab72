package dev.loomlab.cli;

import dev.loomlab.core.slo.SloVerdict;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab load} writes a result in the run's contract, its counts exact against the server. It runs beside other
 * test JVMs, which may hold the generator off its schedule: such a run is invalid (exit 1), keeps its figures, and is
 * checked on them as an ok one is ({@link #load}).
 */
class LoadCommandTest {
    @TempDir
    Path tmp;

    /**
     * The pool of an open load is sized from its objective and timeout, or given. It takes more than 10 s: three loads of
     * 1 s, each after the generator's 2 s warm-up.
     */
    @Test
    void anOpenLoadWithoutConnectionsHoldsNoMoreThanItsSloAllowsInFlight() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostInFlight = new AtomicInteger();
        HttpServer http = serve(1024, exchange -> {
            try (exchange) {
                // counted until the answer is written: the client may send its next request as soon as it has it
                mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(200);
                } finally {
                    inFlight.decrementAndGet();
                }
                exchange.sendResponseHeaders(200, 2);
                exchange.getResponseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            // 2,000/s answered in 200 ms would keep 400 requests in flight. While p99<50ms holds, with a 10 s timeout, a
            // request is in flight 0.99 × 50 ms + 0.01 × 10 s = 149.5 ms on average: 2,000/s × 0.1495 s = 299 connections.
            // (The timeout is long enough for none to time out: a timed-out request's handler would go on sleeping.)
            Path out = tmp.resolve("slo-pool");
            CliHarness.Outcome o = load(out, "load", url, "--rate", "2000/s", "--warmup", "0s", "--duration", "1s", "--timeout", "10s",
                    "--slo", "p99<50ms");
            assertThat(o.out()).contains("up to 299 connections");
            Result r = new ResultsFolder(out).read().get(0);
            assertThat(((Number) r.params().get("connections")).longValue()).isEqualTo(299);
            assertThat(mostInFlight.get()).isBetween(200, 299);
            // 200 ms answers cannot meet p99<50ms (an invalid run carries no verdict)
            if (r.status() == dev.loomlab.core.outcome.Status.OK) {
                assertThat(r.section(SloVerdict.SECTION).orElseThrow().met()).isFalse();
            }

            // --connections given: the pool is what it says
            mostInFlight.set(0);
            Path given = tmp.resolve("given");
            o = load(given, "load", url, "--rate", "2000/s", "--warmup", "0s", "--duration", "1s", "--timeout", "10s", "--slo", "p99<50ms",
                    "--connections", "600");
            assertThat(((Number) new ResultsFolder(given).read().get(0).params().get("connections")).longValue()).isEqualTo(600);
            assertThat(mostInFlight.get()).isGreaterThan(299);

            // --slo given, no --timeout: a search step's timeout, ten times the tightest limit (10 × 50 ms = 1 s), and
            // the pool it sizes: 2,000/s × (0.99 × 50 ms + 0.01 × 1 s) = 119 connections (too few for this 200 ms
            // server at 2,000/s: it cannot meet p99<50ms, and the pool is sized for a load that does)
            mostInFlight.set(0);
            Path stated = tmp.resolve("stated");
            o = load(stated, "load", url, "--rate", "2000/s", "--warmup", "0s", "--duration", "1s", "--slo", "p99<50ms");
            Result s = new ResultsFolder(stated).read().get(0);
            assertThat(s.params()).containsEntry("timeout", "1s");
            assertThat(((Number) s.params().get("connections")).longValue()).isEqualTo(119);
            assertThat(mostInFlight.get()).isBetween(100, 119);
        } finally {
            http.stop(0);
        }
    }

    /**
     * An open load given no --warmup warms up as a search step does, 4 s: a climb to the rate in ten equal steps
     * over 2 s, then 2 s at the rate. At 400/s the server gets 0.2 s × (40 + 80 + … + 400)/s = 440 requests in the
     * climb, 800 in the hold, then the 400 of the 1 s span — 1,640 — and only the span's 400 are recorded.
     */
    @Test
    void anOpenLoadWarmsUpAsASearchStepWhenNoWarmupIsGiven() throws Exception {
        AtomicLong served = new AtomicLong();
        HttpServer http = servingOk(1024, served);
        Path out = tmp.resolve("warm");
        try {
            CliHarness.Outcome o = load(out, "load", "http://127.0.0.1:" + http.getAddress().getPort() + "/get",
                    "--rate", "400/s", "--duration", "1s", "--slo", "none");
            assertThat(o.out()).contains("after a 4s warm-up");
            Result r = new ResultsFolder(out).read().get(0);
            assertThat(r.params()).containsEntry("warmup", "4s");
            // no objective stated: the timeout stays the option's default
            assertThat(r.params()).containsEntry("timeout", "30s");
            assertThat(((Summary) r.metrics().get("requests")).median()).isBetween(399.0, 401.0);
            // an intended time on an edge of the climb's steps or of the span may fall either side
            assertThat(served.get()).isBetween(1_640L - 12, 1_640L + 12);
        } finally {
            http.stop(0);
        }
    }

    /** As {@link #serve}, answering every request {@code 200 ok} and counting it in {@code served}. */
    static HttpServer servingOk(int backlog, AtomicLong served) throws java.io.IOException {
        return serve(backlog, exchange -> {
            try (exchange) {
                served.incrementAndGet();
                exchange.sendResponseHeaders(200, 2);
                exchange.getResponseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            }
        });
    }

    /** A JDK server on a loopback port with an accept queue of {@code backlog}, answering {@code /get} on virtual threads. */
    static HttpServer serve(int backlog, HttpHandler handler) throws java.io.IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backlog);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/get", handler);
        http.start();
        return http;
    }

    /**
     * Runs {@code args} into {@code out}: exit 0; or exit 1 with an {@code invalid} result whose generator could not keep
     * its schedule or its cores beside the other test JVMs (its figures kept, the checks that follow read them).
     */
    static CliHarness.Outcome load(Path out, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        CliHarness.Outcome o = CliHarness.run(all.toArray(String[]::new));
        if (o.exit() != 0) {
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
            Result r = new ResultsFolder(out).read().get(0);
            assertThat(r.status()).as(o.out() + o.err()).isEqualTo(dev.loomlab.core.outcome.Status.INVALID);
            assertThat(r.error()).startsWith("the generator");
        }
        return o;
    }
}
