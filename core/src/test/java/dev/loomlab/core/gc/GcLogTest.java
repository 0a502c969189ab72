package dev.loomlab.core.gc;

import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.GcPause.Kind;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.TrialOutcome;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads samples of real GC logs, written by JDK 21 and JDK 25 with {@link GcLogging#flag}'s decorations. */
class GcLogTest {

    private static List<String> sample(String name) throws IOException {
        try (InputStream in = GcLogTest.class.getResourceAsStream("/gc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void g1OnJdk21EveryKindOfPauseWithItsLoggedTimeAndDuration() throws IOException {
        GcLog log = GcLog.parse(sample("g1-jdk21.log"));
        assertThat(log.collector()).isEqualTo("G1");
        // The sample's seven "[gc] GC(n) Pause … Nms" lines; "[gc,start]" lines and phase timings are not pauses.
        assertThat(log.pauses()).containsExactly(
                new GcPause(35307428734207L, Kind.YOUNG, 6.436),
                new GcPause(35307497288355L, Kind.OTHER, 0.553),
                new GcPause(35307498564377L, Kind.OTHER, 0.096),
                new GcPause(35307501119138L, Kind.YOUNG, 2.037),
                new GcPause(35307505219948L, Kind.MIXED, 2.383),
                new GcPause(35307601883805L, Kind.YOUNG, 1.595),
                new GcPause(35307610274118L, Kind.FULL, 8.361));
    }

    @Test
    void g1OnJdk25() throws IOException {
        GcLog log = GcLog.parse(sample("g1-jdk25.log"));
        assertThat(log.collector()).isEqualTo("G1");
        assertThat(log.pauses()).extracting(GcPause::kind).containsExactly(Kind.YOUNG, Kind.YOUNG, Kind.YOUNG, Kind.FULL);
        assertThat(log.pauses()).extracting(GcPause::ms).containsExactly(2.052, 1.605, 1.949, 15.194);
    }

    @Test
    void parallelOnJdk21() throws IOException {
        GcLog log = GcLog.parse(sample("parallel-jdk21.log"));
        assertThat(log.collector()).isEqualTo("Parallel");
        assertThat(log.pauses()).hasSize(7).allMatch(p -> p.kind() == Kind.YOUNG);
        assertThat(log.pauses().get(5)).isEqualTo(new GcPause(35147876308921L, Kind.YOUNG, 16.997));
    }

    @Test
    void zgcPausesAreItsPhasePauses() throws IOException {
        GcLog log = GcLog.parse(sample("zgc-jdk25.log"));
        assertThat(log.collector()).isEqualTo("ZGC");
        // Generational ZGC logs its pauses under gc,phases, prefixed by the generation (Y: young, O: old).
        assertThat(log.pauses()).extracting(GcPause::ms).containsExactly(0.028, 0.011, 0.006, 0.012, 0.010);
        assertThat(log.pauses()).allMatch(p -> p.kind() == Kind.OTHER);
    }

    @Test
    void aLineCutShortAndLinesOfOtherDecorationsAreSkipped() throws IOException {
        List<String> lines = new ArrayList<>(sample("g1-jdk25.log"));
        String last = lines.remove(lines.size() - 1);
        lines.add(last.substring(0, last.length() - 4));
        lines.add("[0.5s][info][gc] GC(12) Pause Young (Normal) (G1 Evacuation Pause) 1M->1M(32M) 1.000ms");
        lines.add("");
        lines.add("not a log line");
        GcLog log = GcLog.parse(lines);
        assertThat(log.pauses()).extracting(GcPause::ms).containsExactly(2.052, 1.605, 1.949);
    }

    @Test
    void aLogThatNamesNoCollectorLeavesTheOutcomeAlone() {
        IterationResult it = IterationResult.of(Map.of("wall_ms", 1.0), null).withSpan(new MeasuredSpan(0, 10));
        TrialOutcome outcome = TrialOutcome.ok(JvmInfo.current(), "blocking", null, null, List.of(it));
        assertThat(GcLog.parse(List.of()).applyTo(outcome)).isEqualTo(outcome);
    }

    @Test
    void eachIterationGetsThePausesLoggedInsideItsSpan() throws IOException {
        // Spans cut the JDK 21 sample between its pauses: [young 6.436] | [remark, cleanup, young] | nothing |
        // and the mixed, young and full pauses after the last span belong to no iteration.
        List<IterationResult> measured = List.of(
                span(35307428734207L - 1, 35307428734207L + 1),
                span(35307497288355L - 1, 35307501119138L + 1),
                span(35307501119138L + 2, 35307505219948L - 1));
        IterationResult warmupLike = IterationResult.of(Map.of("wall_ms", 1.0), null);
        List<IterationResult> all = new ArrayList<>(measured);
        all.add(warmupLike);
        TrialOutcome outcome = GcLog.parse(sample("g1-jdk21.log"))
                .applyTo(TrialOutcome.ok(JvmInfo.current(), "blocking", null, null, all));
        assertThat(outcome.gcCollector()).isEqualTo("G1");
        assertThat(outcome.iterations().get(0).gcPauses()).extracting(GcPause::ms).containsExactly(6.436);
        assertThat(outcome.iterations().get(1).gcPauses()).extracting(GcPause::ms).containsExactly(0.553, 0.096, 2.037);
        assertThat(outcome.iterations().get(2).gcPauses()).isEmpty();
        // An iteration without a span (JMH's) gets no pauses: unknown, not none.
        assertThat(outcome.iterations().get(3).gcPauses()).isNull();
    }

    @Test
    void theFlagWritesBesideTheTrialLog() {
        Path trialLog = Path.of("/r/a b:c/logs/sleep-virtual-fork1.log");
        assertThat(GcLogging.pathFor(trialLog)).isEqualTo(Path.of("/r/a b:c/logs/sleep-virtual-fork1.gc.log"));
        assertThat(GcLogging.flag(GcLogging.pathFor(trialLog)))
                .isEqualTo("-Xlog:gc*=info:file=\"/r/a b:c/logs/sleep-virtual-fork1.gc.log\":uptime,timenanos,level,tags:filecount=0");
    }

    private static IterationResult span(long start, long end) {
        return IterationResult.of(Map.of("wall_ms", 1.0), null).withSpan(new MeasuredSpan(start, end));
    }
}
