package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Summary;

import java.util.List;

/**
 * Whether two results' figures of one metric differ beyond their noise, for the advice: each mean lies
 * outside the other's 99.9% confidence interval of the mean, or the exact two-sided Mann-Whitney U test on
 * the iteration samples ({@link MannWhitney}) gives p at or below {@value #ALPHA}.
 *
 * <p>With three iterations a side the exact test's smallest p is 0.1, so there only the intervals can
 * tell results apart; from five a side (smallest p 2/252 = 0.0079) the test can too. {@code compare}
 * judges by the ratio's interval instead ({@link RatioEstimate}).
 *
 * @param outsideBothCis each mean outside the other's 99.9% CI (false when either has no CI)
 * @param bothCis both have a 99.9% CI (three samples or more)
 * @param mannWhitneyP the exact test's p-value, or null without samples on either side
 */
public record Significance(boolean outsideBothCis, boolean bothCis, Double mannWhitneyP) {
    /** The exact test's level: the 99% that {@code compare}'s intervals use. */
    public static final double ALPHA = 0.01;

    public static Significance of(Summary a, Summary b) {
        boolean outside = a.ci999() != null && b.ci999() != null
                && outside(a.mean(), b.ci999()) && outside(b.mean(), a.ci999());
        Double p = null;
        List<Double> sa = a.samples();
        List<Double> sb = b.samples();
        if (sa != null && sb != null && !sa.isEmpty() && !sb.isEmpty()) {
            p = MannWhitney.p(toArray(sa), toArray(sb));
        }
        return new Significance(outside, a.ci999() != null && b.ci999() != null, p);
    }

    public boolean significant() {
        return outsideBothCis || (mannWhitneyP != null && mannWhitneyP <= ALPHA);
    }

    /** {@code each mean outside the other's 99.9% CI, exact Mann-Whitney p = 0.1}. */
    public String describe() {
        String ci = outsideBothCis ? "each mean outside the other's 99.9% CI"
                : bothCis ? "99.9% CIs of the means overlap" : "no 99.9% CI below 3 samples";
        return mannWhitneyP == null ? ci + ", no samples for Mann-Whitney"
                : ci + ", exact Mann-Whitney p = " + String.format(java.util.Locale.ROOT, "%.2g", mannWhitneyP);
    }

    private static boolean outside(double value, Summary.Interval ci) {
        return value < ci.low() || value > ci.high();
    }

    private static double[] toArray(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
