package dev.loomlab.load.jmeter;

import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.engine.EngineOutcome;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.load.LatencyBasis;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.RequestError;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's outcome and progress in loomlab's terms, and the spec it is given. */
class JmeterReportTest {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/get");

    @Test
    void theEnginesErrorKindsAreLoomlabsRequestErrors() {
        assertThat(Arrays.stream(RequestError.values()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList())
                .isEqualTo(EngineOutcome.ERROR_KINDS);
    }

    @Test
    void anOutcomeBecomesAReportFromTheActualSend() {
        Histogram latency = new Histogram(3);
        latency.recordValue(100_000_000L);
        EngineOutcome o = new EngineOutcome("jmeter", "5.6.3", 10_000_000_000L, 21, 20, 19,
                Map.of("status", 1L, "connect", 3L), Map.of(200, 20L, 503, 1L), Map.of("virtual", 20L), 21, latency,
                List.of(new EngineOutcome.Remote("127.0.0.1:4000", 11, 0, 12, 11), new EngineOutcome.Remote("127.0.0.1:4002", 10, 0, 9, 9)));
        LoadSpec closed = LoadSpec.closed(TARGET, 21, Duration.ZERO, Duration.ofSeconds(10), Ramp.CONSTANT, Duration.ofSeconds(30), null);
        LoadReport r = JmeterEngine.report(o, closed);
        assertThat(r.basis()).isEqualTo(LatencyBasis.ACTUAL_SEND);
        assertThat(r.throughputPerSecond()).isEqualTo(1.9);
        assertThat(r.errors()).containsEntry(RequestError.STATUS, 1L).containsEntry(RequestError.CONNECT, 3L)
                .containsEntry(RequestError.TIMEOUT, 0L);
        assertThat(r.servedBy()).containsEntry("virtual", 20L).containsEntry("platform", 0L).containsEntry("unnamed", 0L);
        assertThat(r.metrics()).containsEntry("requests", 21.0).containsEntry("errors", 4.0).containsEntry("status_503", 1.0)
                .containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 0.0).doesNotContainKeys("target_rate_per_s", "task_latency_uncorrected_p50_ms");

        LoadEngineInfo info = new JmeterEngine().info(o, closed);
        assertThat(info.remotes()).containsExactly(new LoadEngineInfo.Remote("127.0.0.1:4000", 11, null, 12, 11),
                new LoadEngineInfo.Remote("127.0.0.1:4002", 10, null, 9, 9));
        assertThat(info.latency()).contains("closed model").contains("not corrected for coordinated omission");

        LoadSpec open = LoadSpec.open(TARGET, 100, 10, Duration.ZERO, Duration.ofSeconds(10), Ramp.CONSTANT, Duration.ofSeconds(30), null);
        assertThat(JmeterEngine.report(o, open).metrics()).containsEntry("target_rate_per_s", 100.0)
                .containsEntry(LoadMetrics.LATENCY_FROM_INTENDED_SEND.name(), 0.0).containsEntry("queued_requests", 0.0);
        assertThat(new JmeterEngine().latencyNote(open)).contains("Poisson arrivals").contains("NOT corrected");
    }

    @Test
    void aProgressLineBecomesTheLoadsProgress() {
        EngineLine.Progress p = new EngineLine.Progress(3_000, "measuring", 10, 8, Map.of("timeout", 2L), new Histogram(3));
        LoadProgress l = JmeterEngine.progress(p, false);
        assertThat(l.elapsedNanos()).isEqualTo(3_000_000_000L);
        assertThat(l.line()).isEqualTo("00:03 measuring: 10 sent, 8 ok, 2 errors");
        assertThat(l.errorKinds()).containsEntry(RequestError.TIMEOUT, 2L);
        assertThat(l.latency()).isNull();
        assertThat(JmeterEngine.progress(p, true).latency()).isNotNull();
    }

    @Test
    void theSpecCarriesTheLoadAndTheRemotes() {
        LoadSpec spec = LoadSpec.closed(TARGET, 21, Duration.ofSeconds(2), Duration.ofSeconds(3), new Ramp(1_000_000_000L),
                Duration.ofSeconds(30), "ok");
        RemoteEngines remotes = RemoteEngines.parse("127.0.0.1:4000, localhost:4002", null, false, 0);
        var es = JmeterEngine.engineSpec(spec, remotes);
        assertThat(es.users()).isEqualTo(21);
        assertThat(es.rate()).isZero();
        assertThat(es.warmupNanos()).isEqualTo(2_000_000_000L);
        assertThat(es.rampNanos()).isEqualTo(1_000_000_000L);
        assertThat(es.expectBody()).isEqualTo("ok");
        assertThat(es.remotes()).containsExactly("127.0.0.1:4000", "localhost:4002");
        assertThat(es.rmiHost()).isEqualTo("127.0.0.1");
        assertThat(es.rmiKeystore()).isNull();
    }
}
