package dev.loomlab.core.stats;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/** The median of some values: the middle one, or the mean of the two middle ones. */
public final class Median {
    private Median() {
    }

    /** The median of {@code values}; NaN when there are none. */
    public static double of(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The median of the values that are neither null nor NaN; null when none is. */
    public static Double of(Collection<Double> values) {
        double[] v = values.stream().filter(Objects::nonNull).filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).toArray();
        return v.length == 0 ? null : of(v);
    }
}
