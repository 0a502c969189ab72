package dev.loomlab.report;

import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Repeated searches' answer names each figure as what it is; a single search reads as it always has. */
class CapacityTextTest {
    /** A search that sustained {@code max}/s, passing at it and failing 5% above it. */
    static CapacitySearch found(double max, boolean generatorBound) {
        List<CapacityStep> steps = List.of(
                new CapacityStep(max, true, List.of(), max, 10_000, 0, 11.0, 14.0, 40.0, 60.0, 80.0, 0.2, 10, false, false),
                new CapacityStep(max * 1.05, false, List.of("p99 150 ms ≥ 100 ms"), max, 10_000, 0, 12.0, 60.0, 150.0, 200.0,
                        300.0, 0.2, 10, false, false));
        return new CapacitySearch("p99<100ms", 5, 1000, max, max, max * 1.05, 111_845.0, generatorBound, steps);
    }

    static List<CapacitySearch> found(double... maxima) {
        return Arrays.stream(maxima).mapToObj(m -> found(m, false)).toList();
    }

    @Test
    void fiveSearchesGiveTheirMedianRangeAndTheIntervalForTheMedianWithItsCoverage() {
        assertThat(CapacityText.answer(found(26_500, 21_000, 24_100, 23_000, 25_000))).isEqualTo(
                "median of 5 searches 24,100/s, range 21,000–26,500/s, 94% interval for the median 21,000–26,500/s,"
                        + " within p99<100ms; generator ceiling 111,845/s");
    }

    @Test
    void tenSearchesNarrowTheIntervalToTheSecondFromEachEnd() {
        // (x_(2), x_(9)) covers 1 − 2 × 11/1024 = 97.9%
        assertThat(CapacityText.answer(found(1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900)))
                .startsWith("median of 10 searches 1,450/s, range 1,000–1,900/s, 98% interval for the median 1,100–1,800/s,");
    }

    @Test
    void twoSearchesHaveAMedianAndRangeButNoInterval() {
        assertThat(CapacityText.answer(found(20_000, 30_000))).isEqualTo("median of 2 searches 25,000/s, range 20,000–30,000/s"
                + " (an interval for the median needs 5 searches), within p99<100ms; generator ceiling 111,845/s");
    }

    @Test
    void generatorBoundSearchesAreCounted() {
        assertThat(CapacityText.answer(List.of(found(20_000, true), found(30_000, false), found(40_000, true))))
                .contains("; 2 of 3 generator-bound (their rate a lower limit)");
    }

    @Test
    void aSingleSearchReadsAsOne() {
        CapacitySearch one = found(2_000, false);
        assertThat(CapacityText.answer(List.of(one))).isEqualTo(CapacityText.answer(one)).startsWith("2,000/s sustained within");
    }

    @Test
    void aSearchWithNoRateGivesTheReasonsOfAFailingRunAtItsLowestRate() {
        // 100/s measured three times: passed first within noise, then failed twice, so failed
        CapacityStep passed = new CapacityStep(100, true, List.of(), 100, 1000, 0, 20.0, 30.0, 90.0, 95.0, 99.0, 0.2, 10, true, false);
        CapacityStep failed = new CapacityStep(100, false, List.of("answered 97/s of 100/s offered (97.0%): not keeping up"), 97,
                1000, 0, 20.0, 30.0, 90.0, 95.0, 99.0, 0.2, 10, true, false);
        CapacitySearch none = new CapacitySearch("p99<100ms", 5, 100, null, null, 100.0, 111_845.0, false,
                List.of(passed, failed, failed));
        assertThat(CapacityText.answer(none))
                .startsWith("no rate met p99<100ms: even 100/s failed (answered 97/s of 100/s offered (97.0%): not keeping up)");
    }

    @Test
    void aSearchThatFoundNoRateIsNamedInsteadOfAMedianOfTheOthers() {
        CapacityStep failed = new CapacityStep(100, false, List.of("p99 900 ms ≥ 100 ms"), 100, 1000, 0, 50.0, 400.0, 900.0,
                950.0, 990.0, 0.2, 10, false, false);
        CapacitySearch none = new CapacitySearch("p99<100ms", 5, 100, null, null, 100.0, 111_845.0, false, List.of(failed));
        assertThat(CapacityText.answer(List.of(found(2_000, false), none, found(2_100, false))))
                .startsWith("search 2 of 3: no rate met p99<100ms: even 100/s failed (p99 900 ms ≥ 100 ms)");
    }
}
