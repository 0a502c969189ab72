package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which way is better comes from the metric's key: a figure neither way is better of only changes. */
class MetricDirectionTest {
    private static final Summary HUNDREDS = Summary.of(new double[]{100, 101, 102, 103, 104});
    private static final Summary TWO_HUNDREDS = Summary.of(new double[]{200, 202, 204, 206, 208});

    @Test
    void aMetricNeitherWayIsBetterOfChangesWithoutGettingBetterOrWorse() {
        assertThat(Metrics.key("threads_peak").direction()).isEqualTo(Direction.NEITHER);
        assertThat(Difference.of(HUNDREDS, TWO_HUNDREDS, "threads_peak", 5).verdict()).isEqualTo(Difference.Verdict.CHANGED);
        assertThat(Difference.of(TWO_HUNDREDS, HUNDREDS, "carriers", 5).verdict()).isEqualTo(Difference.Verdict.CHANGED);
        assertThat(Difference.of(HUNDREDS, HUNDREDS, "carriers", 5).verdict()).isEqualTo(Difference.Verdict.WITHIN_NOISE);
        assertThat(dev.loomlab.report.compare.Verdict.CHANGED.regression()).as("compare's verdict for it").isFalse();
    }

    @Test
    void aDeclaredDirectionOverridesTheNamesEnding() {
        // allocation_rate_mb_per_s ends in _per_s, which alone would make it better higher.
        assertThat(Metrics.key("allocation_rate_mb_per_s").direction()).isEqualTo(Direction.NEITHER);
        assertThat(Metrics.key("calls_completed").higherIsBetter()).isTrue();
        assertThat(Metrics.key("my_task_widgets_per_s").higherIsBetter()).as("an undeclared rate").isTrue();
        assertThat(Metrics.key("my_task_wait_ms").higherIsBetter()).as("an undeclared time").isFalse();
    }

    @Test
    void figuresAreWrittenInTheirKeysUnit() {
        assertThat(Metrics.withUnit("wall_ms", 83.8)).isEqualTo("83.8 ms");
        assertThat(Metrics.withUnit("cpu_util_pct", 41.5)).isEqualTo("41.5%");
        assertThat(Metrics.withUnit("carriers", 2)).isEqualTo("2.00");
    }
}
