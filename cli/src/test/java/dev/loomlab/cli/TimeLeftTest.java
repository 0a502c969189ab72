package dev.loomlab.cli;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TimeLeftTest {
    private static final long S = 1_000_000_000L;

    @Test
    void beforeAnyResultTheEstimatesCountAsTheyAreLessTheTimeSpentOnTheFirst() {
        TimeLeft left = new TimeLeft(List.of(OptionalDouble.of(1), OptionalDouble.of(1), OptionalDouble.of(2)), 0);
        assertThat(left.seconds(0)).isCloseTo(4.0, within(1e-9));
        assertThat(left.seconds(S / 2)).isCloseTo(3.5, within(1e-9));
    }

    @Test
    void finishedResultsThatTookTwiceTheirEstimateDoubleWhatIsLeft() {
        TimeLeft left = new TimeLeft(List.of(OptionalDouble.of(1), OptionalDouble.of(1), OptionalDouble.of(2)), 0);
        left.resultDone(2 * S);
        // 1 + 2 estimated seconds left, at 2 s taken per estimated second
        assertThat(left.seconds(2 * S)).isCloseTo(6.0, within(1e-9));
        left.resultDone(4 * S);
        assertThat(left.seconds(5 * S)).isCloseTo(3.0, within(1e-9));
        left.resultDone(9 * S);
        assertThat(left.seconds(9 * S)).isZero();
    }

    @Test
    void aResultWithoutAnEstimateCountsAsTheMeanOfTheOthers() {
        TimeLeft left = new TimeLeft(List.of(OptionalDouble.of(2), OptionalDouble.empty(), OptionalDouble.of(4)), 0);
        assertThat(left.seconds(0)).isCloseTo(9.0, within(1e-9));
    }

    @Test
    void aResultOverItsEstimateLeavesTheRestUntouched() {
        TimeLeft left = new TimeLeft(List.of(OptionalDouble.of(1), OptionalDouble.of(5)), 0);
        assertThat(left.seconds(3 * S)).as("the first result has run 3 s of its 1 s estimate").isCloseTo(5.0, within(1e-9));
    }

    @Test
    void formatsMinutesAndSeconds() {
        assertThat(TimeLeft.format(65.2)).isEqualTo("about 1m 05s left");
        assertThat(TimeLeft.format(42)).isEqualTo("about 42s left");
        assertThat(TimeLeft.format(0.2)).isEqualTo("about 0s left");
    }
}
