package dev.loomlab.core.stats;

/** A percentile by nearest rank: the smallest value at least that share of the values does not exceed. */
public final class NearestRank {
    private NearestRank() {
    }

    /**
     * The {@code percent}th percentile (0–100) of {@code sorted}, ascending and not empty.
     *
     * @throws IllegalArgumentException when {@code sorted} is empty
     */
    public static double of(double[] sorted, double percent) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        int rank = (int) Math.ceil(percent / 100 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
