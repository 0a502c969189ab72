package dev.loomlab.db;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Peaks counted from the calls' own events over a pool of two open connections. */
class PoolPeaksTest {
    @Test
    void aThirdCallerWaitsWhileTwoConnectionsAreInUse() {
        PoolPeaks peaks = new PoolPeaks();
        peaks.reset(2);
        peaks.asked();
        peaks.handedOut();
        peaks.asked();
        peaks.handedOut();
        assertThat(peaks.pending()).as("two callers, two connections: nobody waited").isZero();
        peaks.asked();
        peaks.asked();
        assertThat(peaks.pending()).as("two more callers with both connections in use").isEqualTo(2);
        peaks.released();
        peaks.handedOut();
        peaks.gaveUp();
        peaks.released();
        peaks.released();
        assertThat(peaks.active()).isEqualTo(2);
        assertThat(peaks.idle()).isEqualTo(2);
        assertThat(peaks.pending()).isEqualTo(2);
    }

    @Test
    void aNewIterationStartsFromWhatIsInUseNow() {
        PoolPeaks peaks = new PoolPeaks();
        peaks.reset(4);
        for (int i = 0; i < 4; i++) {
            peaks.asked();
            peaks.handedOut();
        }
        peaks.asked();
        peaks.reset(4);
        assertThat(peaks.active()).as("four still held").isEqualTo(4);
        assertThat(peaks.pending()).as("the fifth caller still waits").isEqualTo(1);
        assertThat(peaks.idle()).as("none idle while all four are held").isZero();
        peaks.released();
        assertThat(peaks.idle()).isEqualTo(1);
    }
}
