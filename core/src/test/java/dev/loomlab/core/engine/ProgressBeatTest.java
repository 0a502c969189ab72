package dev.loomlab.core.engine;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A progress line is due on the beat counted from the start, once per beat, and a missed beat is not made up. */
class ProgressBeatTest {
    @Test
    void aBeatComesOnceAPeriodCountedFromTheStartEvenWhenALineIsLate() {
        // the line at 2400 is late by 300: the next beat is still at 3100, not a period after it
        assertThat(due(new ProgressBeat(100, 1000), 1099, 1100, 1100, 2099, 2400, 3099, 3100))
                .containsExactly(false, true, false, false, true, false, true);
    }

    @Test
    void aMissedBeatIsNotMadeUp() {
        assertThat(due(new ProgressBeat(0, 1000), 3500, 3600, 4499, 4500)).containsExactly(true, false, false, true);
    }

    private static List<Boolean> due(ProgressBeat beat, long... times) {
        return Arrays.stream(times).mapToObj(beat::due).toList();
    }
}
