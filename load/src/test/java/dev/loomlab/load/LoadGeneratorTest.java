package dev.loomlab.load;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.service.RunReadings;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class LoadGeneratorTest {
    private static final Duration NO_WARMUP = Duration.ZERO;
    /** A guard against a hang, far above any run here: not a performance assertion. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(90);

    @Test
    void closedModelCountsEveryRequestTheServerSaw() throws Exception {
        try (TestServer server = TestServer.delaying(5)) {
            LoadReport r = closedLoad(server, 8, Duration.ofSeconds(1));

            assertThat(r.sent()).isPositive().isEqualTo(server.requests.get());
            assertThat(r.ok()).isEqualTo(r.sent());
            assertThat(r.errorCount()).isZero();
            assertThat(r.statuses()).containsEntry(200, r.ok());
            assertThat(r.servedBy()).containsEntry("virtual", r.ok());
            assertThat(r.latency().getTotalCount()).isEqualTo(r.ok());
            assertThat(r.okInSpan()).isPositive().isLessThanOrEqualTo(r.ok());
            // No answer comes sooner than the server's delay, so 8 users can't exceed 8 per 5 ms.
            assertThat(r.latency().getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(5));
            assertThat(r.ok()).isLessThanOrEqualTo(8 * (1000 / 5) + 8);
            assertThat(r.metrics()).containsKeys("throughput_per_s", "errors_timeout");
        }
    }

    /**
     * The closed model has no intended send time (a user sends when the last answer is in), so its latency
     * is from the actual send and says so: the result claims no coordinated-omission correction.
     */
    @Test
    void closedModelLatencyIsFromTheActualSendAndClaimsNoCorrection() throws Exception {
        try (TestServer server = TestServer.delaying(2)) {
            LoadReport r = closedLoad(server, 4, Duration.ofMillis(500));

            assertThat(r.basis()).isEqualTo(LatencyBasis.ACTUAL_SEND);
            assertThat(r.latency()).isSameAs(r.fromSend());
            assertThat(r.metrics()).containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 0.0);
            assertThat(r.metrics().keySet()).noneMatch(k -> k.contains("corrected"));
            assertThat(r.line()).contains("not corrected for coordinated omission");
        }
    }

    @Test
    void openModelCountsEveryRequestTheServerSaw() throws Exception {
        try (TestServer server = TestServer.delaying(2)) {
            LoadSpec spec = LoadSpec.open(server.uri(), 200, 50, NO_WARMUP, Duration.ofSeconds(1), Ramp.CONSTANT,
                    Duration.ofSeconds(10), "ok");
            LoadReport r = new LoadGenerator(spec).run();

            // 200/s for 1 s on a schedule: exactly 200 requests intended, all sent, all answered
            assertThat(r.sent()).isEqualTo(200).isEqualTo(server.requests.get());
            assertThat(r.ok()).isEqualTo(200);
            assertThat(r.targetRate()).isEqualTo(200.0);
            assertThat(r.basis()).isEqualTo(LatencyBasis.INTENDED_SEND);
            assertThat(r.metrics()).containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 1.0)
                    .containsKeys("task_latency_uncorrected_p50_ms", "task_latency_uncorrected_p99_ms",
                            "task_latency_uncorrected_max_ms");
            assertThat(r.line()).contains("from the intended send time (coordinated omission corrected)");
        }
    }

    /**
     * wrk2's point, on a clock the test drives: at 10/s over one connection, the server stalls the first
     * request for the whole second. Requests intended at 100 … 900 ms wait behind it; from their intended
     * times they took 900 … 100 ms, though each was answered at once once sent.
     */
    @Test
    void openModelMeasuresFromTheIntendedSendTime() throws Exception {
        ManualClock clock = new ManualClock();
        try (TestServer server = TestServer.stalled()) {
            LoadSpec spec = LoadSpec.open(server.uri(), 10, 1, NO_WARMUP, Duration.ofSeconds(1), Ramp.CONSTANT,
                    Duration.ofSeconds(30), "ok");
            AtomicReference<LoadReport> report = new AtomicReference<>();
            Thread run = Thread.ofPlatform().start(() -> {
                try {
                    report.set(new LoadGenerator(spec, clock).run());
                } catch (InterruptedException ignored) {
                    // the test failed; the assertions below say how
                }
            });
            assertThat(server.firstRequest.await(30, TimeUnit.SECONDS)).isTrue();
            clock.set(TimeUnit.MILLISECONDS.toNanos(950)); // requests 100 … 900 ms are now due, and queue
            Thread.sleep(200);
            clock.set(TimeUnit.SECONDS.toNanos(1));          // the end: nothing more is intended
            Thread.sleep(200);
            server.release();                                // every answer comes at clock time 1 s
            run.join(TimeUnit.SECONDS.toMillis(60));

            LoadReport r = report.get();
            assertThat(r.ok()).isEqualTo(10);
            assertThat(r.basis()).isEqualTo(LatencyBasis.INTENDED_SEND);
            assertThat(r.latency().getMaxValue()).isBetween(ms(999), ms(1001));
            assertThat(r.latency().getMinValue()).isBetween(ms(99), ms(101));
            assertThat(r.latency().getValueAtPercentile(50)).isBetween(ms(499), ms(601));
            // From the actual send (uncorrected): only the stalled request looks slow; the nine queued ones look instant.
            assertThat(r.fromSend().getMaxValue()).isBetween(ms(999), ms(1001));
            assertThat(r.fromSend().getValueAtPercentile(90)).isLessThan(ms(1));
            assertThat(r.metrics().get("task_latency_uncorrected_p90_ms")).isLessThan(1.0);
            // The generator's own lateness: the dispatcher took the nine queued requests at 950 ms, 850 … 50 ms late;
            // their wait for the connection after that is not its.
            assertThat(r.generatorLag().getTotalCount()).isEqualTo(10);
            assertThat(r.generatorLag().getMaxValue()).isBetween(ms(849), ms(851));
        }
    }

    @Test
    void overloadEndsInTimeoutsNotAHang() throws Exception {
        try (TestServer server = TestServer.delaying(5_000)) {
            LoadSpec spec = LoadSpec.closed(server.uri(), 200, NO_WARMUP, Duration.ofMillis(500), Ramp.CONSTANT,
                    Duration.ofMillis(300), "ok");
            LoadReport r = assertTimeoutPreemptively(HANG_GUARD, () -> new LoadGenerator(spec).run());

            assertThat(r.ok()).isZero();
            assertThat(r.errors().get(RequestError.TIMEOUT)).isPositive();
            assertThat(r.errorCount()).isEqualTo(r.sent());
        }
    }

    /**
     * 100/s for 500 ms over 2 connections to a server that never answers in time: 48 of the 50 intended requests queue
     * for a connection. Each connection times out and closes while they wait; none of them may vanish with it. Every
     * intended request is counted, and ends as an error.
     */
    @Test
    void requestsStillQueuedAtTheEndAreCountedAsTimeouts() throws Exception {
        try (TestServer server = TestServer.delaying(5_000)) {
            LoadSpec spec = LoadSpec.open(server.uri(), 100, 2, NO_WARMUP, Duration.ofMillis(500), Ramp.CONSTANT,
                    Duration.ofMillis(300), "ok");
            LoadReport r = assertTimeoutPreemptively(HANG_GUARD, () -> new LoadGenerator(spec).run());

            assertThat(r.sent()).isEqualTo(50);
            assertThat(r.ok()).isZero();
            assertThat(r.errorCount()).isEqualTo(50);
            assertThat(r.queued()).isEqualTo(48);

            // Nothing succeeded: the result says so, by kind, even where the generator's own figures look doubtful — the
            // errors are what a user pointed at a wrong or dead service needs to read first.
            Optional<Slo> slo = Optional.of(Slo.parse("p99<500ms"));
            for (double generatorCpuPct : new double[] {20, 95}) {
                Result failed = LoadScenario.result(spec, r, Map.of(), new RunReadings(generatorCpuPct, 1, null), slo);
                assertThat(failed.status()).isEqualTo(Status.FAILED);
                assertThat(failed.error()).isEqualTo("no request succeeded: 50 sent, errors: timeout 50");
            }
            // ... unless the rate was above what the generator itself reached just before: then the run is its
            // generator's, invalid, its figures kept and the errors still in its reason.
            Result invalid = LoadScenario.result(spec, r, Map.of("generator_ceiling_per_s", 80.0),
                    new RunReadings(20.0, 1, null), slo);
            assertThat(invalid.status()).isEqualTo(Status.INVALID);
            assertThat(invalid.error()).startsWith("the generator was asked for 100/s, above its own ceiling of 80/s")
                    .endsWith("; no request succeeded: 50 sent, errors: timeout 50");
            assertThat(invalid.metrics()).containsKeys("requests", "errors_timeout", "queued_requests", "generator_ceiling_per_s");
        }
    }

    @Test
    void aRefusingTargetEndsInConnectErrors() throws Exception {
        // A port bound but not listening: it refuses connections, and nothing else can take it meanwhile
        // (a port closed before the run could be reused by another test's server).
        try (java.net.Socket reserved = new java.net.Socket()) {
            reserved.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
            LoadSpec spec = LoadSpec.closed(URI.create("http://127.0.0.1:" + reserved.getLocalPort() + "/get"), 5, NO_WARMUP,
                    Duration.ofMillis(500), Ramp.CONSTANT, Duration.ofSeconds(1), null);
            LoadReport r = assertTimeoutPreemptively(HANG_GUARD, () -> new LoadGenerator(spec).run());

            assertThat(r.ok()).isZero();
            assertThat(r.errors().get(RequestError.CONNECT)).isPositive();
        }
    }

    @Test
    void warmUpRequestsAreNotRecorded() throws Exception {
        try (TestServer server = TestServer.delaying(0)) {
            LoadSpec spec = LoadSpec.open(server.uri(), 400, 20, Duration.ofSeconds(1), Duration.ofSeconds(1),
                    Ramp.CONSTANT, Duration.ofSeconds(10), "ok");
            LoadReport r = new LoadGenerator(spec).run();

            // the warm-up climbs to 400/s in ten 50 ms steps, 0.05 s × (40 + 80 + … + 400)/s = 110 requests, then
            // holds 400/s for 0.5 s, 200 requests; 400 measured
            assertThat(server.requests.get()).isBetween(709L, 710L);
            assertThat(r.sent()).isEqualTo(400);
        }
    }

    @Test
    void progressComesOnceASecondWithTheCountsSoFar() throws Exception {
        try (TestServer server = TestServer.delaying(5)) {
            LoadSpec spec = LoadSpec.closed(server.uri(), 4, Duration.ofMillis(1500), Duration.ofSeconds(1), Ramp.CONSTANT,
                    Duration.ofSeconds(10), "ok");
            List<LoadProgress> seen = new ArrayList<>();
            LoadReport r = new LoadGenerator(spec).run(seen::add);

            // 2.5 s of load: at 1 s still warming up, at 2 s measuring.
            assertThat(seen).hasSizeGreaterThanOrEqualTo(2);
            assertThat(seen.get(0).phase()).isEqualTo("warm-up");
            assertThat(seen.get(1).phase()).isEqualTo("measuring");
            assertThat(seen.get(0).sent()).as("warm-up requests are not counted").isZero();
            for (int i = 0; i < seen.size(); i++) {
                // the i-th report is due at (i + 1) s, never sooner
                assertThat(seen.get(i).elapsedNanos()).isGreaterThanOrEqualTo(TimeUnit.SECONDS.toNanos(i + 1));
                if (i > 0) {
                    assertThat(seen.get(i).sent()).isGreaterThanOrEqualTo(seen.get(i - 1).sent());
                }
            }
            LoadProgress last = seen.get(seen.size() - 1);
            assertThat(last.sent()).isPositive().isLessThanOrEqualTo(r.sent());
            assertThat(last.ok()).isLessThanOrEqualTo(r.ok());
            assertThat(last.line()).matches("00:0\\d (measuring|draining): [\\d,]+ sent, [\\d,]+ ok, 0 errors");
        }
    }

    /** Chunked answers, an answer's head and body in separate writes: every one counts, as Content-Length answers do. */
    @Test
    void chunkedAndSplitAnswersCount() throws Exception {
        try (RawServer server = new RawServer(false, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                + "X-Loomlab-Thread: event-loop\r\n\r\n", "1\r\no\r\n1;x=y\r\nk\r\n0\r\nTrailer: t\r\n\r\n")) {
            LoadReport r = runClosed(server, 4, "ok");

            assertThat(r.ok()).isPositive().isEqualTo(r.sent()).isEqualTo(server.requests.get());
            assertThat(r.errorCount()).isZero();
            assertThat(r.servedBy()).containsEntry("event-loop", r.ok());
            assertThat(r.connectionsOpened()).isEqualTo(4);
        }
    }

    /** {@code Connection: close} after each answer: the user reconnects and goes on, without an error. */
    @Test
    void answersThatCloseTheConnectionCountAndTheUserReconnects() throws Exception {
        LoadReport r = closingAnswersAllOk("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n");
        assertThat(r.connectionsOpened()).isGreaterThanOrEqualTo(r.ok());
    }

    /** HTTP/1.0 without a length: the body ends when the server closes, and that is the answer, not a reset. */
    @Test
    void aBodyThatRunsToTheCloseCounts() throws Exception {
        closingAnswersAllOk("HTTP/1.0 200 OK\r\n\r\n");
    }

    /** What is no HTTP answer is a content error, and its connection is dropped. */
    @Test
    void aMalformedAnswerIsAContentError() throws Exception {
        try (RawServer server = new RawServer(false, "HTTP/1.1 200 OK\r\nContent-Length: two\r\n\r\n", "ok")) {
            LoadReport r = runClosed(server, 2, "ok");

            assertThat(r.ok()).isZero();
            assertThat(r.sent()).isPositive();
            assertThat(r.errors().get(RequestError.CONTENT)).isEqualTo(r.sent());
            assertThat(r.connectionsOpened()).isGreaterThanOrEqualTo(r.sent());
        }
    }

    /** A 2xx answer without the expected body is a content error; a 204 is one too when a body is expected. */
    @Test
    void aWrongBodyIsAContentError() throws Exception {
        try (RawServer server = new RawServer(false, "HTTP/1.1 204 No Content\r\n\r\n", "")) {
            LoadReport r = runClosed(server, 2, "ok");

            assertThat(r.ok()).isZero();
            assertThat(r.errors().get(RequestError.CONTENT)).isPositive().isEqualTo(r.sent());
            assertThat(r.statuses()).containsEntry(204, r.sent());
        }
    }

    /** The report says how the generator ran. */
    @Test
    void theReportNamesTheTransport() throws Exception {
        try (RawServer server = new RawServer(false, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n", "ok")) {
            LoadReport r = runClosed(server, 1, "ok");

            assertThat(r.generator()).matches("nio, \\d+ event loops?");
            assertThat(r.line()).endsWith("; generator: " + r.generator());
        }
    }

    /** Two users against a server that answers {@code head} and "ok", then closes: every request answered, no error. */
    private static LoadReport closingAnswersAllOk(String head) throws Exception {
        try (RawServer server = new RawServer(true, head, "ok")) {
            LoadReport r = runClosed(server, 2, "ok");

            assertThat(r.ok()).isPositive().isEqualTo(r.sent());
            assertThat(r.errorCount()).isZero();
            return r;
        }
    }

    /** {@code users} closed-model users against {@code server} for {@code measured}, no warm-up, expecting "ok" within 10 s. */
    private static LoadReport closedLoad(TestServer server, int users, Duration measured) throws Exception {
        return new LoadGenerator(LoadSpec.closed(server.uri(), users, NO_WARMUP, measured, Ramp.CONSTANT,
                Duration.ofSeconds(10), "ok")).run();
    }

    private static LoadReport runClosed(RawServer server, int users, String expect) throws Exception {
        LoadSpec spec = LoadSpec.closed(server.uri(), users, NO_WARMUP, Duration.ofMillis(500), Ramp.CONSTANT,
                Duration.ofSeconds(5), expect);
        return assertTimeoutPreemptively(HANG_GUARD, () -> new LoadGenerator(spec).run());
    }

    /**
     * A server of canned bytes: to each request (read up to its blank line) it writes {@code head}, then, a
     * millisecond later, {@code body} (two reads for the generator); with {@code close} it then closes the connection.
     */
    static final class RawServer implements AutoCloseable {
        private final java.net.ServerSocket socket;
        private final byte[] head;
        private final byte[] body;
        private final boolean close;
        final AtomicLong requests = new AtomicLong();

        RawServer(boolean close, String head, String body) throws java.io.IOException {
            this.socket = new java.net.ServerSocket(0, 1024, java.net.InetAddress.getLoopbackAddress());
            this.head = head.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            this.body = body.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            this.close = close;
            Thread.ofVirtual().start(this::accept);
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/get");
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    java.net.Socket s = socket.accept();
                    Thread.ofVirtual().start(() -> serve(s));
                } catch (java.io.IOException e) {
                    return;
                }
            }
        }

        private void serve(java.net.Socket s) {
            try (s) {
                s.setTcpNoDelay(true);
                java.io.InputStream in = s.getInputStream();
                java.io.OutputStream out = s.getOutputStream();
                int matched = 0;
                for (int b = in.read(); b >= 0; b = in.read()) {
                    matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : b == '\r' ? 1 : 0;
                    if (matched == 4) {
                        matched = 0;
                        requests.incrementAndGet();
                        out.write(head);
                        out.flush();
                        Thread.sleep(1);
                        out.write(body);
                        out.flush();
                        if (close) {
                            return;
                        }
                    }
                }
            } catch (java.io.IOException | InterruptedException e) {
                // the generator closed the connection, or the test ended
            }
        }

        @Override
        public void close() throws java.io.IOException {
            socket.close();
        }
    }

    private static long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** A clock that moves only when the test says. */
    static final class ManualClock implements NanoClock {
        private final AtomicLong now = new AtomicLong();

        void set(long nanos) {
            now.set(nanos);
        }

        @Override
        public long nanoTime() {
            return now.get();
        }
    }
}
