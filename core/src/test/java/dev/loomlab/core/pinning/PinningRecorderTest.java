package dev.loomlab.core.pinning;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recording's events through a filter, and its start time on the clock of its events: what the JUnit
 * extension (module junit) judges a test by.
 */
class PinningRecorderTest {
    private static final int PINS = 2;
    private static final Duration HOLD = Duration.ofMillis(20);

    /** {@value #PINS} virtual threads one after the other, each sleeping once in a class initializer: one pin each. */
    private static void pinTwice() throws InterruptedException {
        LockedHold clinit = LockKind.CLINIT.create(PINS, HOLD);
        for (int i = 0; i < PINS; i++) {
            int task = i;
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    clinit.hold(task);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.join();
        }
    }

    @Test
    void eventsThatStartedDuringTheRecordingAreAtOrAfterItsStartTime() throws InterruptedException {
        try (PinningRecorder recorder = new PinningRecorder()) {
            recorder.start();
            Instant started = recorder.startTime();
            pinTwice();
            assertThat(recorder.stop(e -> !e.getStartTime().isBefore(started)).events()).isEqualTo(PINS);
        }
    }

    @Test
    void eachPinnedEventPassesTheFilterAndThoseItRejectsAreLeftOut() throws InterruptedException {
        try (PinningRecorder recorder = new PinningRecorder()) {
            recorder.start();
            pinTwice();
            AtomicInteger asked = new AtomicInteger();
            PinnedEvents kept = recorder.stop(e -> asked.incrementAndGet() > 1);
            assertThat(asked).hasValue(PINS);
            assertThat(kept.events()).isEqualTo(PINS - 1);
            assertThat(kept.stacks()).hasSize(1);
        }
    }
}
