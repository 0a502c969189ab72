package dev.loomlab.core.stats;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * The median: the middle value, or the mean of the two middle values of an even count. NaN (and, in a
 * collection, null) is no value — a figure the system could not give — and is left out; with no value
 * left the median is NaN. The input is not changed.
 */
public final class Median {
    private Median() {
    }

    /** The median of {@code values}; NaN when none is a number. */
    public static double of(double... values) {
        double[] v = Arrays.stream(values).filter(d -> !Double.isNaN(d)).toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    /** The median of {@code values}, nulls left out; NaN when none is a number. */
    public static double of(Collection<? extends Number> values) {
        return of(values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).toArray());
    }
}
