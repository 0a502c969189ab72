package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineSpec;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The plan's shape follows loomlab's load definition: the closed model's step ramp as thread groups that start
 * at each step (+20% of the users, rounded, as loomlab's Ramp), the open model's as constant-rate segments, and
 * JMeter's own reading of the schedule starts as many requests as the rates and durations give.
 */
class PlanShapeTest {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/get");
    private static final long S = 1_000_000_000L;

    private static EngineSpec closed(int users, long warmup, long duration, long ramp) {
        return new EngineSpec(TARGET, users, 0, warmup, duration, ramp, 30 * S, null, List.of(), null, 0, null, false);
    }

    private static EngineSpec open(double rate, long warmup, long duration, long ramp) {
        return new EngineSpec(TARGET, 0, rate, warmup, duration, ramp, 30 * S, null, List.of(), null, 0, null, false);
    }

    @Test
    void aConstantClosedLoadIsOneGroupPerEngine() {
        assertThat(PlanShape.closed(closed(21, 0, 3 * S, 0), 1, 0)).containsExactly(new PlanShape.Group(21, 0));
        assertThat(PlanShape.closed(closed(21, 0, 3 * S, 0), 2, 0)).containsExactly(new PlanShape.Group(11, 0));
        assertThat(PlanShape.closed(closed(21, 0, 3 * S, 0), 2, 1)).containsExactly(new PlanShape.Group(10, 0));
    }

    @Test
    void aClosedRampAddsAGroupAtEachStepWithinTheSpan() {
        // steps at warm-up + k × 1 s while before warm-up + duration (2 + 3.5 = 5.5 s): 3, 4, 5 s;
        // levels round(100 × 1.2^k): 120, 144, 173
        EngineSpec spec = closed(100, 2 * S, 3_500_000_000L, S);
        assertThat(PlanShape.closed(spec, 1, 0)).containsExactly(new PlanShape.Group(100, 0), new PlanShape.Group(20, 3),
                new PlanShape.Group(24, 4), new PlanShape.Group(29, 5));
        // over three engines every step's users are split and sum to the same
        for (int step = 0; step < 4; step++) {
            int sum = 0;
            for (int i = 0; i < 3; i++) {
                sum += PlanShape.closed(spec, 3, i).get(step).users();
            }
            assertThat(sum).isEqualTo(PlanShape.closed(spec, 1, 0).get(step).users());
        }
    }

    @Test
    void theOpenScheduleIsTheWarmUpThenConstantSteps() {
        assertThat(PlanShape.schedule(PlanShape.segments(open(100, S, 2 * S, 0), 100), 5_000))
                .isEqualTo("rate(100/sec) random_arrivals(1000 ms) rate(100/sec) rate(100/sec) random_arrivals(2000 ms) rate(100/sec)"
                        + " pause(5000 ms)");
        assertThat(PlanShape.segments(open(10, 0, 2_500_000_000L, S), 10)).containsExactly(new PlanShape.Segment(10, 1000),
                new PlanShape.Segment(12, 1000), new PlanShape.Segment(10 * 1.2 * 1.2, 500));
        assertThat(PlanShape.plain(1.0 / 3)).isEqualTo("0.333333");
        assertThat(PlanShape.plain(2.5e7)).isEqualTo("25000000");
    }

    @Test
    void jmeterStartsAsManyArrivalsAsTheScheduleGives() {
        assertThat(Plans.arrivals(PlanShape.schedule(PlanShape.segments(open(100, S, 2 * S, 0), 100), 5_000))).isEqualTo(300);
        // 10 × 1 s + 12 × 1 s + 14.4 × 0.5 s, each step truncated as JMeter's generator does: 10 + 12 + 7
        assertThat(Plans.arrivals(PlanShape.schedule(PlanShape.segments(open(10, 0, 2_500_000_000L, S), 10), 0))).isEqualTo(29);
        assertThat(Plans.arrivals(PlanShape.schedule(PlanShape.segments(open(0.5, 0, 3 * S, 0), 0.5), 1_000))).isEqualTo(1);
        assertThatThrownBy(() -> Plans.arrivals("rate(fast) random_arrivals(1 s)")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JMeter cannot read the open model's schedule");
    }
}
