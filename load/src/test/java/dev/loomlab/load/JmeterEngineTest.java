package dev.loomlab.load;

import dev.loomlab.core.BadInputException;
import dev.loomlab.load.jmeter.JmeterEngine;
import dev.loomlab.load.jmeter.JmeterHome;
import dev.loomlab.load.jmeter.RemoteEngines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The JMeter engine end to end: its JVM started from the jmeter module's class path, a plan run against a local
 * server that counts what it serves, the samples read back as loomlab's report; refusals before anything is sent;
 * a JVM killed mid-run fails the run and leaves nothing behind.
 */
class JmeterEngineTest {
    private static final Duration S = Duration.ofSeconds(1);

    @AfterEach
    void noEngineIsLeftBehind() throws Exception {
        // ChildProcess kills and reaps; give the kernel a moment to drop a killed JVM from the table
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!engines().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(engines()).as("JMeter engine JVMs still alive").isEmpty();
    }

    private static List<ProcessHandle> engines() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(JmeterHome.MAIN)).toList();
    }

    @Test
    void aClosedLoadCountsWhatTheServerServedWithinItsSpan() throws Exception {
        try (TestServer server = TestServer.delaying(50)) {
            LoadSpec spec = LoadSpec.closed(server.uri(), 10, S, Duration.ofSeconds(2), Ramp.CONSTANT, Duration.ofSeconds(5), "ok");
            List<LoadProgress> progress = new CopyOnWriteArrayList<>();
            LoadEngine.Run run = new JmeterEngine().run(spec, progress::add, true);
            LoadReport r = run.report();

            assertThat(r.ok()).isPositive().isEqualTo(r.sent());
            assertThat(r.errorCount()).isZero();
            // the warm-up's requests reached the server but are not counted: the report holds at most what it served
            assertThat(r.sent()).isLessThan(server.requests.get());
            assertThat(r.basis()).isEqualTo(LatencyBasis.ACTUAL_SEND);
            assertThat(r.metrics()).containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 0.0).doesNotContainKey("task_latency_uncorrected_p99_ms")
                    .doesNotContainKey("target_rate_per_s");
            // every answer waited the server's 50 ms
            assertThat(r.latency().getValueAtPercentile(50)).isGreaterThanOrEqualTo(50_000_000L);
            // Little's law: 10 users, each answer at least 50 ms: at most 10 × (2 s / 50 ms + 1) answers end in the span
            assertThat(r.okInSpan()).isPositive().isLessThanOrEqualTo(10 * (2_000 / 50 + 1));
            assertThat(r.servedBy()).containsEntry("virtual", r.ok());
            assertThat(r.statuses()).containsEntry(200, r.ok());
            assertThat(r.measuredNanos()).isEqualTo(2_000_000_000L);
            assertThat(run.engine().name()).isEqualTo("jmeter");
            assertThat(run.engine().version()).isEqualTo(JmeterEngine.VERSION);
            assertThat(run.engine().latency()).contains("not corrected for coordinated omission");
            assertThat(run.engine().remotes()).isEmpty();
            assertThat(progress).isNotEmpty().anySatisfy(p -> assertThat(p.phase()).isEqualTo("measuring"));
            // the engine's own JVM: a platform thread per user at the least, and some of the machine's CPU
            assertThat(run.metrics().get("engine_threads_peak")).isGreaterThanOrEqualTo(10.0);
            assertThat(run.metrics().get("engine_cpu_pct")).isPositive().isLessThanOrEqualTo(100.0);
            assertThat(run.metrics().get("engine_peak_rss_mb")).isPositive();
            assertThat(progress.getLast().latency()).isNotNull();
        }
    }

    /** Alone: JMeter must start its arrivals on schedule, which a machine busy with other tests' JVMs delays. */
    @Test
    @Tag("alone")
    void anOpenLoadStartsRateTimesDurationRequests() throws Exception {
        try (TestServer server = TestServer.delaying(5)) {
            LoadSpec spec = LoadSpec.open(server.uri(), 50, 1000, Duration.ZERO, Duration.ofSeconds(2), Ramp.CONSTANT,
                    Duration.ofSeconds(5), "ok");
            LoadReport r = new JmeterEngine().run(spec, p -> { }, false).report();
            // JMeter's schedule places exactly 50/s × 2 s arrivals, one request each, all of which reach the server
            assertThat(server.requests.get()).isEqualTo(100);
            // those that started within the measured span are counted (one scheduled in its last instant may start after it)
            assertThat(r.sent()).isBetween(95L, 100L);
            assertThat(r.ok()).isEqualTo(r.sent());
            assertThat(r.metrics()).containsEntry("target_rate_per_s", 50.0).containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 0.0)
                    .containsEntry("queued_requests", 0.0);
        }
    }

    @Test
    void aPortThatRefusesIsConnectErrorsAndNoRequestSent() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LoadSpec spec = LoadSpec.closed(URI.create("http://127.0.0.1:" + port + "/get"), 2, Duration.ZERO, S, Ramp.CONSTANT,
                Duration.ofSeconds(2), null);
        LoadReport r = new JmeterEngine().run(spec, p -> { }, false).report();
        assertThat(r.ok()).isZero();
        assertThat(r.sent()).isZero();
        assertThat(r.errors().get(RequestError.CONNECT)).isPositive().isEqualTo(r.errorCount());
    }

    @Test
    void anUnreachableRemoteEngineIsBadInputBeforeAnythingIsSent() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (TestServer server = TestServer.delaying(0)) {
            LoadSpec spec = LoadSpec.closed(server.uri(), 2, Duration.ZERO, S, Ramp.CONSTANT, Duration.ofSeconds(2), null);
            JmeterEngine engine = new JmeterEngine(RemoteEngines.parse("127.0.0.1:" + port, null, false, 0));
            assertThatThrownBy(() -> engine.prepare(spec)).isInstanceOf(BadInputException.class)
                    .hasMessage("remote engine 127.0.0.1:" + port + " does not answer: Connection refused");
            assertThat(server.requests.get()).isZero();
        }
    }

    @Test
    void aStepRampOffWholeSecondsIsRefusedBeforeAnyJvmStarts() {
        LoadSpec spec = LoadSpec.closed(URI.create("http://127.0.0.1:1/get"), 2, Duration.ofMillis(500), S,
                new Ramp(Duration.ofSeconds(1).toNanos()), S, null);
        assertThatThrownBy(() -> new JmeterEngine().prepare(spec)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--warmup and --ramp must be whole seconds");
    }

    @Test
    void anEngineKilledMidRunFailsTheRun() throws Exception {
        try (TestServer server = TestServer.delaying(20)) {
            LoadSpec spec = LoadSpec.closed(server.uri(), 4, Duration.ZERO, Duration.ofSeconds(30), Ramp.CONSTANT,
                    Duration.ofSeconds(5), "ok");
            ExecutorService background = Executors.newSingleThreadExecutor();
            try {
                Future<LoadEngine.Run> run = background.submit(() -> new JmeterEngine().run(spec, p -> { }, false));
                assertThat(server.firstRequest.await(60, TimeUnit.SECONDS)).as("the load started").isTrue();
                List<ProcessHandle> live = engines();
                assertThat(live).hasSize(1);
                live.getFirst().destroyForcibly();
                assertThatThrownBy(() -> run.get(60, TimeUnit.SECONDS)).hasCauseInstanceOf(EngineFailure.class)
                        .cause().hasMessageContaining("exited with code 137 during the run, before it wrote its outcome");
            } finally {
                background.shutdownNow();
            }
        }
    }
}
