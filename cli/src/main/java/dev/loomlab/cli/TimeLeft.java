package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The time a run has left, in seconds: the plan's {@link Estimate}s of the results not yet finished,
 * scaled by how long the finished ones took against their own estimates (estimates are from below, and
 * a machine is faster or slower than the one they were measured on). A result without an estimate (CPU
 * work, whose bound needs a measurement) counts as the mean of the others. Thread-safe: the bar asks
 * for it from the trial's log thread while the run's thread reports finished results.
 */
final class TimeLeft {
    private final double[] estimates;
    private final long started;
    private long resultStarted;
    private int done;
    private double doneEstimate;

    TimeLeft(List<PlannedResult> plan) {
        this(plan.stream().map(Estimate::seconds).toList(), System.nanoTime());
    }

    /** @param startedNanos the run's start on {@link System#nanoTime()}'s clock */
    TimeLeft(List<OptionalDouble> estimates, long startedNanos) {
        double known = estimates.stream().filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).average()
                .orElse(Estimate.TRIAL_OVERHEAD_S);
        this.estimates = estimates.stream().mapToDouble(e -> e.orElse(known)).toArray();
        this.started = startedNanos;
        this.resultStarted = startedNanos;
    }

    /** The next result finished at {@code nowNanos}. */
    synchronized void resultDone(long nowNanos) {
        if (done < estimates.length) {
            doneEstimate += estimates[done++];
        }
        resultStarted = nowNanos;
    }

    /** Seconds left at {@code nowNanos}, never below zero. */
    synchronized double seconds(long nowNanos) {
        if (done >= estimates.length) {
            return 0;
        }
        double elapsed = (resultStarted - started) / 1e9;
        double scale = done == 0 || doneEstimate <= 0 ? 1 : elapsed / doneEstimate;
        double rest = 0;
        for (int i = done; i < estimates.length; i++) {
            rest += estimates[i] * scale;
        }
        double inCurrent = Math.min((nowNanos - resultStarted) / 1e9, estimates[done] * scale);
        return Math.max(0, rest - inCurrent);
    }

    /** {@code about 1m 05s left}, {@code about 42s left}. */
    static String format(double seconds) {
        long s = Math.round(seconds);
        return "about " + (s >= 60 ? s / 60 + "m " + String.format("%02d", s % 60) + "s" : s + "s") + " left";
    }
}
