package dev.loomlab.report.analysis;

import java.util.OptionalInt;

/**
 * The knee of a curve: the point where it bends most, found as the point farthest from the straight line
 * joining its first and last points once both axes are scaled to [0, 1] (the idea of Kneedle, Satopää et
 * al. 2011). Beyond the knee of a time-vs-pool-size curve, more threads buy little.
 */
public final class Knee {
    /** A curve whose farthest point is closer than this to its chord (in [0, 1] units) is straight enough to have no knee. */
    public static final double MIN_BEND = 0.1;

    private Knee() {
    }

    /**
     * @param x ascending, distinct
     * @param logX measure distances along x in log scale (for x spanning decades)
     * @return the index of the knee, never the first or last point; empty with fewer than three points,
     *         a flat curve or no bend of at least {@link #MIN_BEND}
     */
    public static OptionalInt index(double[] x, double[] y, boolean logX) {
        int n = x.length;
        if (n < 3 || y.length != n) {
            return OptionalInt.empty();
        }
        double[] sx = scale(x, logX);
        double[] sy = scale(y, false);
        if (sx == null || sy == null) {
            return OptionalInt.empty();
        }
        double dx = sx[n - 1] - sx[0];
        double dy = sy[n - 1] - sy[0];
        double length = Math.hypot(dx, dy);
        int best = -1;
        double bestDistance = MIN_BEND;
        for (int i = 1; i < n - 1; i++) {
            double distance = Math.abs(dy * (sx[i] - sx[0]) - dx * (sy[i] - sy[0])) / length;
            if (distance >= bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** Values mapped onto [0, 1]; null when they are all equal (or not positive on a log scale). */
    private static double[] scale(double[] v, boolean log) {
        double[] t = new double[v.length];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < v.length; i++) {
            if (log && v[i] <= 0) {
                return null;
            }
            t[i] = log ? Math.log(v[i]) : v[i];
            min = Math.min(min, t[i]);
            max = Math.max(max, t[i]);
        }
        if (!(max > min)) {
            return null;
        }
        for (int i = 0; i < t.length; i++) {
            t[i] = (t[i] - min) / (max - min);
        }
        return t;
    }
}
