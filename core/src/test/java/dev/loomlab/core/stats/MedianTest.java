package dev.loomlab.core.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MedianTest {
    @Test
    void theMiddleValueOfAnOddCountAndTheMeanOfTheTwoMiddleOnesOfAnEvenCount() {
        assertThat(Median.of(3.0, 1.0, 2.0)).isEqualTo(2.0);
        assertThat(Median.of(4.0, 1.0, 3.0, 2.0)).isEqualTo(2.5);
        assertThat(Median.of(7.0)).isEqualTo(7.0);
        assertThat(Median.of(-1.0, 10.0)).isEqualTo(4.5);
    }

    @Test
    void nanAndNullAreNoValuesAndNoValueGivesNaN() {
        assertThat(Median.of(Double.NaN, 5.0, 1.0)).isEqualTo(3.0);
        assertThat(Median.of(Arrays.asList(null, 2.0, 4.0, 9.0))).isEqualTo(4.0);
        assertThat(Median.of()).isNaN();
        assertThat(Median.of(Double.NaN)).isNaN();
        assertThat(Median.of(List.<Double>of())).isNaN();
    }

    @Test
    void theInputIsNotReordered() {
        double[] values = {3.0, 1.0, 2.0};
        Median.of(values);
        assertThat(values).containsExactly(3.0, 1.0, 2.0);
        assertThat(Median.of(List.of(5, 1, 3))).isEqualTo(3.0);
    }
}
