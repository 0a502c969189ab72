package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.Ramp;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The open model's default pool: the rate times the longest mean time in flight the objective allows. */
class SloPoolTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void thePoolIsTheRateTimesTheMeanTimeInFlightThePercentileAllows() {
        // 99% within 50 ms, 1% up to the 1 s timeout: at most 59.5 ms on average; 40,000/s × 0.0595 s
        assertThat(SloPool.connections(40_000, Slo.parse("p99<50ms"), SECOND)).isEqualTo(2_380);
        // half within 10 ms allows up to 505 ms on average, 99% within 200 ms 208 ms: the tighter bound, × 3,000/s
        assertThat(SloPool.connections(3_000, Slo.parse("p50<10ms,p99<200ms,errors<1%"), SECOND)).isEqualTo(624);
        // max<50ms: every request within 50 ms
        assertThat(SloPool.connections(10_000, Slo.parse("max<50ms"), SECOND)).isEqualTo(500);
    }

    @Test
    void aSlowRateGetsAtLeastAHundredAndAFastOneAtMostTenThousand() {
        assertThat(SloPool.connections(10, Slo.parse("p99<50ms"), SECOND)).isEqualTo(100);
        assertThat(SloPool.connections(1_000_000, Slo.parse("p99<500ms"), SECOND)).isEqualTo(10_000);
    }

    @Test
    void anObjectiveWithoutALatencyLimitLeavesTenThousand() {
        assertThat(SloPool.connections(1_000, Slo.parse("errors<1%"), SECOND)).isEqualTo(10_000);
    }

    @Test
    void aLimitBeyondTheTimeoutIsTheTimeout() {
        // p99<5s with a 1 s timeout: no request is in flight longer than 1 s; 500/s × 1 s
        assertThat(SloPool.connections(500, Slo.parse("p99<5s"), SECOND)).isEqualTo(500);
    }

    @Test
    void aRampIsSizedForItsLastStep() {
        // 30 s measured in 10 s steps: 1,000, 1,200 and 1,440/s
        assertThat(SloPool.peakRate(1_000, new Ramp(10_000_000_000L), 30_000_000_000L)).isCloseTo(1_440, within(1e-6));
        assertThat(SloPool.peakRate(1_000, Ramp.CONSTANT, 30_000_000_000L)).isEqualTo(1_000);
    }
}
