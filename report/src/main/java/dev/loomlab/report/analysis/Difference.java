package dev.loomlab.report.analysis;

import dev.loomlab.core.stats.Direction;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.stats.Summary;

import java.util.Locale;
import java.util.Optional;

/**
 * How much better or worse a candidate is than a baseline on one metric, and whether that is more than
 * noise: loomlab's one answer to "is A faster than B". {@code compare} judges every matched result by it
 * ({@code dev.loomlab.report.compare.Comparison}); {@code advise} ranks models and sizes pools by it
 * (its model and pool-size rules, whose advice report.html shows too). The tables only describe each result
 * (its mean ± the 99.9% CI of that mean) and judge no pair.
 *
 * <p>The ratio candidate / baseline of the metric's iteration samples is the Hodges-Lehmann estimate with its
 * exact, distribution-free {@value #CONFIDENCE_PCT}% confidence interval ({@link RatioEstimate}). The
 * verdict reads that interval against 1 ± the threshold, in the direction its key says is better
 * ({@link Metrics#key}: throughputs and rates better higher, times, memory and failures lower):
 * <ul>
 *   <li>{@link Verdict#FASTER}: the whole interval lies beyond the threshold on the better side (for
 *   {@code wall_ms} at 5%: its upper bound below 0.95);</li>
 *   <li>{@link Verdict#SLOWER}: the whole interval lies beyond it on the worse side (its lower bound above 1.05);</li>
 *   <li>{@link Verdict#WITHIN_NOISE}: the interval reaches within 1 ± the threshold;</li>
 *   <li>{@link Verdict#CHANGED}: for a metric no direction is better of (threads, carriers, a CPU share), the whole
 *   interval lies beyond the threshold on either side;</li>
 *   <li>{@link Verdict#TOO_FEW_SAMPLES}: the sample sizes cannot give a {@value #CONFIDENCE_PCT}% interval at
 *   all — fewer than {@link #samplesNeeded()} a side (3 vs 3 and 4 vs 4 cannot; an unequal split such as
 *   4 vs 6 can), so no verdict.</li>
 * </ul>
 * Faster and slower mean better and worse: for a throughput, higher and lower.
 *
 * @param metric the metric compared, e.g. {@code wall_ms}
 * @param estimate the ratio candidate / baseline with its interval (and the exact Mann-Whitney p, reported
 *                 beside it, which does not decide)
 * @param thresholdPct a change within ± this many percent is no change
 * @param verdict the candidate against the baseline
 */
public record Difference(String metric, RatioEstimate estimate, double thresholdPct, Verdict verdict) {
    /** The confidence of the ratio's interval. */
    public static final double CONFIDENCE = 0.99;
    public static final int CONFIDENCE_PCT = 99;
    /** The threshold {@code advise} judges by, and {@code compare}'s default. */
    public static final int DEFAULT_THRESHOLD_PCT = 5;

    /** The candidate against the baseline. */
    public enum Verdict {
        /** Better beyond noise: the whole interval beyond the threshold on the better side. */
        FASTER,
        /** Worse beyond noise: the whole interval beyond the threshold on the worse side. */
        SLOWER,
        /** The interval reaches within the threshold: no difference shown. */
        WITHIN_NOISE,
        /** Beyond the threshold on a metric neither way is better of: a difference, neither better nor worse. */
        CHANGED,
        /** Too few samples for the interval at all: not judged. */
        TOO_FEW_SAMPLES;

        /** The verdict in words, as notes print it: its name in lower case, {@code within noise}. */
        public String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * Why no ratio can be taken of these two summaries, in words ({@code no wall_ms samples in the baseline},
     * {@code a value of wall_ms is zero or negative: no ratio}); empty when one can.
     */
    public static Optional<String> unavailable(Summary baseline, Summary candidate, String metric) {
        return unavailable(baseline, candidate, metric, "the baseline", "the candidate");
    }

    /** {@link #unavailable(Summary, Summary, String)} naming the two sides, e.g. by their models. */
    public static Optional<String> unavailable(Summary baseline, Summary candidate, String metric, String baselineName,
                                               String candidateName) {
        double[] b = samples(baseline);
        double[] c = samples(candidate);
        if (b == null || c == null) {
            return Optional.of("no " + metric + " samples in " + (b == null ? baselineName : candidateName));
        }
        if (!positive(b) || !positive(c)) {
            return Optional.of("a value of " + metric + " is zero or negative: no ratio");
        }
        return Optional.empty();
    }

    /**
     * @param baseline the baseline's figures of {@code metric}, with their samples
     * @param candidate the candidate's
     * @throws IllegalArgumentException when no ratio can be taken ({@link #unavailable} says why)
     */
    public static Difference of(Summary baseline, Summary candidate, String metric, double thresholdPct) {
        unavailable(baseline, candidate, metric).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        RatioEstimate e = RatioEstimate.of(samples(baseline), samples(candidate), CONFIDENCE);
        return new Difference(metric, e, thresholdPct, verdict(e, Metrics.key(metric).direction(), thresholdPct));
    }

    private static Verdict verdict(RatioEstimate e, Direction better, double thresholdPct) {
        if (!e.reachable()) {
            return Verdict.TOO_FEW_SAMPLES;
        }
        double t = thresholdPct / 100;
        boolean larger = e.low() > 1 + t;
        if (!larger && !(e.high() < 1 - t)) {
            return Verdict.WITHIN_NOISE;
        }
        return switch (better) {
            case HIGHER_BETTER -> larger ? Verdict.FASTER : Verdict.SLOWER;
            case LOWER_BETTER -> larger ? Verdict.SLOWER : Verdict.FASTER;
            case NEITHER -> Verdict.CHANGED;
        };
    }

    /** The fewest samples a side with which the interval, and so a verdict, is reachable: 5. */
    public static int samplesNeeded() {
        return RatioEstimate.samplesNeeded(CONFIDENCE);
    }

    /** The Hodges-Lehmann ratio candidate / baseline. */
    public double ratio() {
        return estimate.ratio();
    }

    /** How many times larger or smaller the candidate is: the ratio or its inverse, whichever is at least 1. */
    public double factor() {
        return Math.max(estimate.ratio(), 1 / estimate.ratio());
    }

    /**
     * The factor's interval, as the factor reads: {@code 99% interval 1.9–2.0×} for a candidate about twice as large or
     * small; {@code 99% interval 0.94–1.07} for a ratio within noise, which is read as a ratio.
     */
    public String factorInterval() {
        if (!estimate.reachable()) {
            return "no " + estimate.level() + " interval";
        }
        if (verdict == Verdict.WITHIN_NOISE) {
            return estimate.level() + " interval " + Fmt.num(estimate.low()) + "–" + Fmt.num(estimate.high());
        }
        boolean larger = estimate.ratio() >= 1;
        double from = larger ? estimate.low() : 1 / estimate.high();
        double to = larger ? estimate.high() : 1 / estimate.low();
        return estimate.level() + " interval " + Fmt.num(from) + "–" + Fmt.num(to) + "×";
    }

    /**
     * {@code wall ms ×0.505 [0.490, 0.520] at 99%, 5 vs 5 samples: faster}; with too few samples
     * {@code wall ms ×0.502 [no 99% interval], 3 vs 3 samples: too few samples (5 a side needed)}.
     */
    public String describe() {
        return Metrics.label(metric) + " " + estimate.describe() + (estimate.reachable() ? " at " + estimate.level() : "")
                + ", " + estimate.m() + " vs " + estimate.n() + " samples: " + verdict.text()
                + (verdict == Verdict.TOO_FEW_SAMPLES ? " (" + samplesNeeded() + " a side needed)" : "");
    }

    private static double[] samples(Summary s) {
        if (s == null || s.samples() == null || s.samples().isEmpty()) {
            return null;
        }
        return s.samples().stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static boolean positive(double[] values) {
        for (double v : values) {
            if (!(v > 0)) {
                return false;
            }
        }
        return true;
    }
}
