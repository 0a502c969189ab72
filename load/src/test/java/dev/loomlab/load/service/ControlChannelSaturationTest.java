package dev.loomlab.load.service;

import dev.loomlab.core.server.ServerMetrics;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.loomlab.core.server.ServerMetrics.stat;
import static org.assertj.core.api.Assertions.assertThat;

/** A loomlab server's stats reply, its fields those of its {@link ServerMetrics} keys, read as its saturation. */
class ControlChannelSaturationTest {
    @Test
    void aStatsReplyGivesThePoolsTheCountersAndNothingItDoesNotHold() {
        Map<String, Double> reply = Map.of(stat(ServerMetrics.SERVER_THREADS_BUSY), 200.0, stat(ServerMetrics.SERVER_THREADS_MAX), 200.0,
                stat(ServerMetrics.SERVER_POOL_ACTIVE), 5.0, stat(ServerMetrics.SERVER_POOL_PENDING), 195.0,
                stat(ServerMetrics.SERVER_POOL_MAX), 5.0, stat(ServerMetrics.SERVER_GC_PAUSE_MS), 1500.0,
                stat(ServerMetrics.SERVER_CPU_MS), 2500.0, stat(ServerMetrics.SERVER_REQUESTS_IN_FLIGHT), 200.0);
        Saturation s = new ControlChannelSaturation(() -> reply).read();
        assertThat(s).extracting(Saturation::threadsBusy, Saturation::threadsMax, Saturation::poolActive, Saturation::poolPending,
                Saturation::poolMax).containsExactly(200.0, 200.0, 5.0, 195.0, 5.0);
        assertThat(s.gcPauseSeconds()).isEqualTo(1.5);
        assertThat(s.cpuSeconds()).isEqualTo(2.5);

        Saturation virtual = new ControlChannelSaturation(() -> Map.of(stat(ServerMetrics.SERVER_CPU_MS), 10.0)).read();
        assertThat(virtual.threadsBusy()).isNaN();
        assertThat(virtual.poolActive()).isNaN();
        assertThat(virtual.toldAnything()).isTrue();
    }

    @Test
    void aServerThatDoesNotAnswerTellsNothing() {
        Saturation s = new ControlChannelSaturation(() -> {
            throw new IllegalStateException("the server exited");
        }).read();
        assertThat(s.toldAnything()).isFalse();
    }
}
