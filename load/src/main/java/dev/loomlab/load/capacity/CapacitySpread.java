package dev.loomlab.load.capacity;

import dev.loomlab.core.stats.Median;
import dev.loomlab.core.stats.MedianInterval;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The figure of repeated capacity searches of one target ({@code load --find-max --repeat N}, the forks × iterations of
 * {@code web -p rate=max}): the median of their sustainable rates, their range, and from {@link MedianInterval#FEWEST}
 * searches on a distribution-free interval for that median. Each search is one draw of a noisy measurement; the
 * spread of several is what a single one cannot show. Rates in requests per second.
 *
 * @param searches       how many searches, each of which found a rate
 * @param medianPerS     the median of their sustainable rates (of two, their mean)
 * @param minPerS        the lowest
 * @param maxPerS        the highest
 * @param interval       the interval for the median, when there are enough searches
 * @param generatorBound how many of them were generator-bound: their rate is only a lower limit
 */
public record CapacitySpread(int searches, double medianPerS, double minPerS, double maxPerS, Optional<MedianInterval> interval,
                             int generatorBound) {
    /**
     * The spread of {@code searches}; empty for fewer than two, or when one found no rate (such a result is
     * {@code failed}: a median of the others would hide it).
     */
    public static Optional<CapacitySpread> of(List<CapacitySearch> searches) {
        if (searches.size() < 2 || !searches.stream().allMatch(CapacitySearch::found)) {
            return Optional.empty();
        }
        double[] rates = searches.stream().mapToDouble(CapacitySearch::maxRatePerS).toArray();
        return Optional.of(new CapacitySpread(rates.length, Median.of(rates),
                Arrays.stream(rates).min().orElseThrow(), Arrays.stream(rates).max().orElseThrow(),
                MedianInterval.of(rates), (int) searches.stream().filter(CapacitySearch::generatorBound).count()));
    }
}
