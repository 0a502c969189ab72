package dev.loomlab.load;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class OpenScheduleTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aConstantRateIntendsOneRequestPerPeriod() {
        OpenSchedule s = new OpenSchedule(1000, Ramp.CONSTANT, 0, 0, S);
        long n = 0;
        long last = -1;
        while (s.hasNext()) {
            long t = s.take();
            assertThat(t).isEqualTo(n * 1_000_000);
            last = t;
            n++;
        }
        assertThat(n).isEqualTo(1000);
        assertThat(last).isLessThan(S);
    }

    @Test
    void theRampAddsTwentyPercentPerInterval() {
        Ramp ramp = new Ramp(S);
        OpenSchedule s = new OpenSchedule(100, ramp, 0, 0, 3 * S);
        long[] perSecond = new long[3];
        while (s.hasNext()) {
            perSecond[(int) (s.take() / S)]++;
        }
        assertThat(perSecond).containsExactly(100, 120, 144);
        assertThat(ramp.level(3000, 2)).isEqualTo(4320);
    }

    @Test
    void theWarmUpClimbsToTheRateInTenStepsOverItsFirstHalfThenHoldsItAndMeasurementRunsAtIt() {
        // 1 s of warm-up at 1,000/s: 50 ms each at 100/s, 200/s … 1,000/s (5 + 10 + … + 50 = 275 requests), then
        // 500 ms at 1,000/s (500 requests)
        OpenSchedule s = new OpenSchedule(1000, Ramp.CONSTANT, 0, S, 2 * S);
        long[] perTwentieth = new long[20];
        long measured = 0;
        while (s.hasNext()) {
            long t = s.take();
            if (t < S) {
                perTwentieth[(int) (t / (S / 20))]++;
            } else {
                measured++;
            }
        }
        assertThat(perTwentieth).containsExactly(5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50);
        assertThat(measured).isEqualTo(1000);
        assertThat(s.rateAt(S / 40)).isEqualTo(100);
        assertThat(s.rateAt(S / 2 - 1)).isEqualTo(1000);
        assertThat(s.rateAt(3 * S / 4)).isEqualTo(1000);
        assertThat(s.rateAt(S)).isEqualTo(1000);
    }

    @Test
    void theRampStartsWithMeasurement() {
        Ramp ramp = new Ramp(S);
        assertThat(ramp.step(-5)).isZero();
        assertThat(ramp.step(S - 1)).isZero();
        assertThat(ramp.step(S)).isEqualTo(1);
        assertThat(Ramp.CONSTANT.step(100 * S)).isZero();
    }
}
