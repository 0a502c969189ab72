package dev.loomlab.report.analysis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The knee is where a curve bends most; straight, flat or short curves have none. */
class KneeTest {
    @Test
    void timeAgainstPoolSizeBendsWhereMoreThreadsStopPaying() {
        // Article 004's sleep sweep: 10,000 × 300 ms on pools of 200 … 1,000 (README figures).
        double[] pool = {200, 500, 800, 1000};
        double[] wall = {15_092, 6_126, 3_974, 3_206};
        assertThat(Knee.index(pool, wall, false)).hasValue(1);
    }

    @Test
    void latencyAgainstConcurrencyBendsWhereItStartsToClimb() {
        double[] users = {10, 20, 40, 80, 160, 320};
        double[] p99 = {20, 20.5, 21, 22, 60, 200};
        assertThat(Knee.index(users, p99, false)).hasValue(4);
        // Measured along a log axis (users doubling), the bend shows one step earlier.
        assertThat(Knee.index(users, p99, true)).hasValue(3);
    }

    @Test
    void aStraightOrFlatOrShortCurveHasNoKnee() {
        assertThat(Knee.index(new double[]{1, 2, 3, 4}, new double[]{10, 20, 30, 40}, false)).isEmpty();
        assertThat(Knee.index(new double[]{1, 2, 3, 4}, new double[]{10, 20.5, 29.8, 40}, false)).isEmpty();
        assertThat(Knee.index(new double[]{1, 2, 3}, new double[]{5, 5, 5}, false)).isEmpty();
        assertThat(Knee.index(new double[]{1, 2}, new double[]{10, 1}, false)).isEmpty();
        assertThat(Knee.index(new double[]{0, 1, 2}, new double[]{10, 1, 0}, true)).as("no log of 0").isEmpty();
    }
}
