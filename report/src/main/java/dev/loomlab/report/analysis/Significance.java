package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Summary;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

import java.util.List;
import java.util.Locale;

/**
 * Whether two results' figures of one metric differ beyond their noise: each median lies outside the
 * other's 99.9% confidence interval, or a two-sided Mann-Whitney U test on the iteration samples (Apache
 * Commons Math, normal approximation) gives p below {@value #ALPHA}.
 *
 * <p>With three iterations a side the test's smallest p is 0.0495, reached only when every sample of one
 * side is above every sample of the other; unchanged code gets there by chance once in 20 comparisons in
 * each direction (docs/results.md, compare).
 *
 * @param outsideBothCis each median outside the other's 99.9% CI (false when either has no CI)
 * @param mannWhitneyP the test's p-value, or null with fewer than two samples a side
 */
public record Significance(boolean outsideBothCis, Double mannWhitneyP) {
    public static final double ALPHA = 0.05;

    public static Significance of(Summary a, Summary b) {
        boolean outside = a.ci999() != null && b.ci999() != null
                && outside(a.median(), b.ci999()) && outside(b.median(), a.ci999());
        Double p = null;
        List<Double> sa = a.samples();
        List<Double> sb = b.samples();
        if (sa != null && sb != null && sa.size() >= 2 && sb.size() >= 2) {
            p = new MannWhitneyUTest().mannWhitneyUTest(toArray(sa), toArray(sb));
        }
        return new Significance(outside, p);
    }

    public boolean significant() {
        return outsideBothCis || (mannWhitneyP != null && mannWhitneyP < ALPHA);
    }

    /** {@code outside both 99.9% CIs, Mann-Whitney p = 0.0495}. */
    public String describe() {
        String ci = outsideBothCis ? "outside both 99.9% CIs" : "CIs overlap";
        return mannWhitneyP == null ? ci + ", too few samples for Mann-Whitney"
                : ci + ", Mann-Whitney p = " + String.format(Locale.ROOT, "%.3g", mannWhitneyP);
    }

    private static boolean outside(double value, double[] ci) {
        return value < ci[0] || value > ci[1];
    }

    private static double[] toArray(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
