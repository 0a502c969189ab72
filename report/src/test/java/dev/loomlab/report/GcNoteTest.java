package dev.loomlab.report;

import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.GcPause.Kind;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.GcPauseSummary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GcNoteTest {
    private static final Result SLEEP = Fixtures.ok("sleep", "virtual", Fixtures.params("tasks", 1000), Fixtures.JDK25,
            Fixtures.around(100), 1000, 1.0, 40, null, null);

    @Test
    void countFullPausesP99AndMaxAndTheCollectorInTheNotesCell() {
        // Three young pauses of 1, 2 and 3 ms and two full ones of 40 and 120 ms: p99 by nearest rank is the 5th of 5.
        Result r = SLEEP.toBuilder().section(GcSections.COLLECTOR, "G1").section(GcSections.PAUSE_MS, GcPauseSummary.of(List.of(
                new GcPause(1, Kind.YOUNG, 1), new GcPause(2, Kind.YOUNG, 2), new GcPause(3, Kind.YOUNG, 3),
                new GcPause(4, Kind.FULL, 40), new GcPause(5, Kind.FULL, 120)))).build();
        assertThat(GcNote.of(r)).isEqualTo("gc 5 pauses (2 full), p99 120 ms, max 120 ms, G1");
        assertThat(ResultRow.cells(r).get(ResultRow.HEADER.indexOf("notes"))).contains("gc 5 pauses (2 full), p99 120 ms, max 120 ms, G1");
    }

    @Test
    void noPauseIsSaidAndNoGcLogSaysNothing() {
        assertThat(GcNote.of(SLEEP.toBuilder().section(GcSections.COLLECTOR, "Serial")
                .section(GcSections.PAUSE_MS, GcPauseSummary.of(List.of())).build())).isEqualTo("gc 0 pauses, Serial");
        assertThat(GcNote.of(SLEEP)).isNull();
        assertThat(ResultRow.cells(SLEEP).get(ResultRow.HEADER.indexOf("notes"))).doesNotContain("gc");
    }
}
