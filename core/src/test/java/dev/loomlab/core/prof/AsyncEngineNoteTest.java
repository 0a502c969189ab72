package dev.loomlab.core.prof;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The note says which engine async-profiler's cpu event really used. */
class AsyncEngineNoteTest {

    @Test
    void aTimerEngineIsTheFallbackFromPerfEvents() {
        assertThat(AsyncEngineNote.cpu("ctimer", "2")).isEqualTo(
                "cpu: perf events not allowed here (perf_event_paranoid=2), timer mode (ctimer): CPU time sampled without kernel frames");
        assertThat(AsyncEngineNote.cpu("itimer", null)).isEqualTo(
                "cpu: perf events not allowed here, timer mode (itimer): CPU time sampled without kernel frames");
    }

    @Test
    void perfEventsAreSaidSo() {
        assertThat(AsyncEngineNote.cpu("perf_events", "2")).isEqualTo("cpu: perf events (perf_event_paranoid=2)");
        assertThat(AsyncEngineNote.cpu(null, "1")).isEqualTo("cpu: the sampling engine is not recorded in the profile (perf_event_paranoid=1)");
    }

    @Test
    void onlyCpuAndWallHaveANote() {
        assertThat(AsyncEngineNote.of("alloc", null, "10ms")).isNull();
        assertThat(AsyncEngineNote.of("lock", null, "10ms")).isNull();
        assertThat(AsyncEngineNote.of("wall", null, "10ms"))
                .isEqualTo("wall: each platform thread sampled every 10ms, running or waiting; a virtual thread only while mounted on a carrier");
    }
}
