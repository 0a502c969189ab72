package dev.loomlab.core.engine;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The spec, the outcome and the progress lines read back as written: what the engine JVM and loomlab exchange. */
class EngineProtocolTest {
    @TempDir
    Path tmp;

    @Test
    void aSpecReadsBackAsWritten() throws Exception {
        EngineSpec spec = new EngineSpec(URI.create("http://127.0.0.1:8080/get?delay=100ms"), 21, 0, 2_000_000_000L,
                3_500_000_000L, 1_000_000_000L, 30_000_000_000L, "ok = fine", List.of("127.0.0.1:4000", "127.0.0.1:4002"),
                "127.0.0.1", 0, null, true);
        spec.write(tmp.resolve("spec"));
        assertThat(EngineSpec.read(tmp.resolve("spec"))).isEqualTo(spec);

        EngineSpec open = new EngineSpec(URI.create("http://[::1]:1/x"), 0, 1234.5, 0, 1, 0, 1, null, List.of(), null, 0,
                "/keys/rmi.p12", false);
        open.write(tmp.resolve("open"));
        assertThat(EngineSpec.read(tmp.resolve("open"))).isEqualTo(open);
    }

    @Test
    void aSpecWithoutTargetOrWithBothModelsIsRefused() throws Exception {
        Files.writeString(tmp.resolve("bad"), "users=1\nrate=0\nwarmup.ns=0\nduration.ns=1\ntimeout.ns=1\n");
        assertThatThrownBy(() -> EngineSpec.read(tmp.resolve("bad"))).hasMessageContaining("no 'target'");
        assertThatThrownBy(() -> new EngineSpec(URI.create("http://h/"), 1, 1, 0, 1, 0, 1, null, null, null, 0, null, false))
                .hasMessageContaining("either users or a rate");
    }

    @Test
    void anOutcomeReadsBackWithItsHistogramAndRemotes() throws Exception {
        Histogram latency = new Histogram(3);
        latency.recordValue(100_000_000L);
        latency.recordValue(150_000_000L);
        EngineOutcome outcome = new EngineOutcome("jmeter", "5.6.3", 3_000_000_000L, 12, 10, 9,
                Map.of("connect", 1L, "status", 1L), Map.of(200, 10L, 503, 1L), Map.of("virtual", 10L, "unnamed", 0L), 4, latency,
                List.of(new EngineOutcome.Remote("127.0.0.1:4000", 11, 0, 7, 6), new EngineOutcome.Remote("127.0.0.1:4002", 10, 0, 5, 4)));
        outcome.write(tmp.resolve("outcome"));
        EngineOutcome back = EngineOutcome.read(tmp.resolve("outcome"));
        assertThat(back.sent()).isEqualTo(12);
        assertThat(back.okInSpan()).isEqualTo(9);
        assertThat(back.errors()).containsEntry("connect", 1L).containsEntry("status", 1L).containsEntry("timeout", 0L)
                .containsOnlyKeys(EngineOutcome.ERROR_KINDS);
        assertThat(back.statuses()).isEqualTo(Map.of(200, 10L, 503, 1L));
        assertThat(back.servedBy()).isEqualTo(Map.of("virtual", 10L, "unnamed", 0L));
        assertThat(back.latency()).isEqualTo(latency);
        assertThat(back.remotes()).isEqualTo(outcome.remotes());
        assertThat(tmp.resolve("outcome.tmp")).doesNotExist();
    }

    @Test
    void aProgressLineReadsBackAndOtherLinesAreTheEnginesOwn() {
        Histogram latency = new Histogram(3);
        latency.recordValue(5_000_000L);
        EngineLine.Progress p = new EngineLine.Progress(3012, "measuring", 10, 8, Map.of("connect", 1L, "reset", 1L), latency);
        String line = EngineLine.of(EngineLine.PROGRESS, p.format());
        EngineLine.Parsed parsed = EngineLine.parse(line).orElseThrow();
        assertThat(parsed.word()).isEqualTo(EngineLine.PROGRESS);
        EngineLine.Progress back = EngineLine.Progress.parse(parsed.rest());
        assertThat(back.elapsedMillis()).isEqualTo(3012);
        assertThat(back.phase()).isEqualTo("measuring");
        assertThat(back.sent()).isEqualTo(10);
        assertThat(back.ok()).isEqualTo(8);
        assertThat(back.errorCount()).isEqualTo(2);
        assertThat(back.latency()).isEqualTo(latency);
        assertThat(EngineLine.Progress.parse("1 warm-up sent=0 ok=0").latency()).isNull();
        assertThatThrownBy(() -> EngineLine.Progress.parse("1 warm-up sent=x")).isInstanceOf(IllegalArgumentException.class);

        assertThat(EngineLine.parse("Using remote object: …")).isEmpty();
        assertThat(EngineLine.parse(EngineLine.of(EngineLine.REFUSED, "remote engine 127.0.0.1:1 does not answer\nat all")))
                .hasValue(new EngineLine.Parsed("refused", "remote engine 127.0.0.1:1 does not answer at all"));
        assertThat(EngineLine.parse(EngineLine.of(EngineLine.DONE, null))).hasValue(new EngineLine.Parsed("done", ""));
    }
}
