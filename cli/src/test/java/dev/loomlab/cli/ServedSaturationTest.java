package dev.loomlab.cli;

import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code serve} makes of its server's stats replies: the figures as read, NaN where absent, and the GC's share
 * of the time between two reads, which needs two reads and a total that did not fall.
 */
class ServedSaturationTest {
    private final Deque<Map<String, Double>> replies = new ArrayDeque<>();
    private final ServedSaturation saturation = new ServedSaturation(() -> {
        Map<String, Double> next = replies.poll();
        if (next == null) {
            throw new UncheckedIOException(new java.io.IOException("the server exited with code 137"));
        }
        return next;
    });

    @Test
    void figuresAsReadAndTheGcShareOfTheTimeBetweenTwoReads() throws Exception {
        replies.add(Map.of("requests_in_flight", 20.0, "threads_busy", 20.0, "threads_max", 200.0, "gc_pause_ms", 100.0));
        replies.add(Map.of("requests_in_flight", 3.0, "pool_active", 5.0, "pool_pending", 15.0, "pool_max", 5.0,
                "gc_pause_ms", 120.0));
        replies.add(Map.of("gc_pause_ms", 0.0));

        long start = System.nanoTime();
        ServedSaturation.Figures first = saturation.read();
        assertThat(first.requestsInFlight()).isEqualTo(20);
        assertThat(first.threadsBusy()).isEqualTo(20);
        assertThat(first.threadsMax()).isEqualTo(200);
        assertThat(first.poolActive()).as("no pool").isNaN();
        assertThat(first.gcPauseRatio()).as("one read has no interval").isNaN();

        Thread.sleep(100);
        ServedSaturation.Figures second = saturation.read();
        double wallMs = (System.nanoTime() - start) / 1e6;
        assertThat(second.threadsMax()).as("a virtual-thread server reports none").isNaN();
        assertThat(second.poolActive()).isEqualTo(5);
        assertThat(second.poolPending()).isEqualTo(15);
        assertThat(second.poolMax()).isEqualTo(5);
        // 20 ms of pauses between reads at least 100 ms and at most wallMs apart
        assertThat(second.gcPauseRatio()).isLessThanOrEqualTo(20 / 100.0).isGreaterThanOrEqualTo(20 / wallMs);

        assertThat(saturation.read().gcPauseRatio()).as("a total that fell was reset: no share").isNaN();
        assertThat(saturation.read()).as("a server that no longer answers").isEqualTo(ServedSaturation.Figures.NONE);
    }
}
