package dev.loomlab.load.capacity;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloTerm;
import dev.loomlab.load.LoadParams;

import java.time.Duration;

/**
 * How a capacity search runs: the objective each step is judged against, the first rate, the precision at
 * which bisection stops, and each step's warm-up and shortest measured span.
 *
 * @param startRatePerS  the first rate tried, requests per second; the search doubles from it, or halves
 *                       from it while it fails
 * @param minRatePerS    the search halves no lower than this: a target that fails here has no passing rate
 * @param precision      the search stops once (first failing − highest passing) / highest passing is at most
 *                       this, e.g. 0.05
 * @param stepWarmup     unmeasured load before each step's measured span
 * @param shortestStep   a step's measured span is at least this, and long enough for its percentile ({@link #measuredSpan})
 * @param timeout        a request not answered within this is a timeout error
 * @param anyRunPasses   true when a rate passes if any of its runs passes — a capability, as the generator's
 *                       ceiling is (a pause of this busy machine says nothing of what the generator can send), so a
 *                       failing run is always measured once more; false when the majority of runs decides
 * @param judgesGenerator true when a step whose generator cannot be trusted is {@code invalid} and stops the search
 *                       ({@link dev.loomlab.load.GeneratorValidity}); false where the generator itself is what is
 *                       measured (its ceiling)
 */
public record SearchPlan(Slo slo, double startRatePerS, double minRatePerS, double precision, Duration stepWarmup, Duration shortestStep,
                         Duration timeout, boolean anyRunPasses, boolean judgesGenerator) {
    /** The first rate when none is given, requests per second: a p99 step there measures 10 s. */
    public static final double DEFAULT_START_RATE = Double.parseDouble(LoadParams.DEFAULT_START_RATE);
    /** The lowest rate tried when none is given, requests per second: a p99 step there measures 100 s. */
    public static final double DEFAULT_MIN_RATE = Double.parseDouble(LoadParams.DEFAULT_MIN_RATE);
    public static final double DEFAULT_PRECISION = Double.parseDouble(LoadParams.DEFAULT_PRECISION);
    /** A step's warm-up when none is given: a 2 s climb to the step's rate, then 2 s at it ({@code OpenSchedule}). */
    public static final Duration DEFAULT_STEP_WARMUP = Duration.ofSeconds(4);
    /**
     * A step's shortest measured span when none is given: a fixed-rate {@code loomlab load}'s default duration, so
     * a sweep of {@code --rate} runs with the same {@code --slo} (and no other options) measures what each step does. Near a target's capacity a pause of the machine lifts
     * the p99 of every span it falls in; a 5 s step met such pauses more rarely than a 30 s run and passed rates the
     * longer run failed.
     */
    public static final Duration DEFAULT_SHORTEST_STEP = Duration.ofNanos(
            Units.parseDurationNanos(LoadParams.DURATION, LoadParams.DEFAULT_DURATION));
    /** After a failing step, how long to wait at most for the target to answer promptly again ({@link Recovery}). */
    public static final Duration RECOVERY_PATIENCE = Duration.ofSeconds(60);

    /** A step judged within noise is measured up to this many times in all; the majority decides. */
    public static final int MOST_RUNS_PER_STEP = 3;

    /** A search of what a target sustains: the majority of a rate's runs decides. */
    public SearchPlan(Slo slo, double startRatePerS, double minRatePerS, double precision, Duration stepWarmup,
                      Duration shortestStep, Duration timeout) {
        this(slo, startRatePerS, minRatePerS, precision, stepWarmup, shortestStep, timeout, false, true);
    }

    /** A search whose generator is judged, {@code anyRunPasses} as given. */
    public SearchPlan(Slo slo, double startRatePerS, double minRatePerS, double precision, Duration stepWarmup,
                      Duration shortestStep, Duration timeout, boolean anyRunPasses) {
        this(slo, startRatePerS, minRatePerS, precision, stepWarmup, shortestStep, timeout, anyRunPasses, true);
    }

    public SearchPlan {
        if (!(minRatePerS > 0) || minRatePerS > startRatePerS) {
            throw new BadInputException("the start rate must be above 0/s and at least the lowest rate");
        }
        if (!(precision > 0) || precision >= 1) {
            throw new BadInputException("the precision must be above 0% and below 100%");
        }
        if (shortestStep.isZero() || shortestStep.isNegative() || stepWarmup.isNegative()
                || timeout.isZero() || timeout.isNegative()) {
            throw new BadInputException("a step's measured span and timeout must be > 0, its warm-up >= 0");
        }
    }

    /** The per-request timeout a search uses when none is given: ten times the tightest latency limit, 1 s to 30 s. */
    public static Duration defaultTimeout(Slo slo) {
        long tightest = slo.terms().stream().filter(t -> t instanceof SloTerm.Latency)
                .mapToLong(t -> ((SloTerm.Latency) t).limitNanos()).min().orElse(Duration.ofSeconds(3).toNanos());
        return Duration.ofNanos(Math.clamp(10 * tightest, Duration.ofSeconds(1).toNanos(), Duration.ofSeconds(30).toNanos()));
    }

    /** An answer within this means the target recovered from an overload: the tightest latency limit, else 1 s. */
    public Duration recoveryLimit() {
        return Duration.ofNanos(slo.terms().stream().filter(t -> t instanceof SloTerm.Latency)
                .mapToLong(t -> ((SloTerm.Latency) t).limitNanos()).min().orElse(Duration.ofSeconds(1).toNanos()));
    }

    /** The longest wait for a target to recover after a failing step. */
    public Duration recoveryPatience() {
        return RECOVERY_PATIENCE;
    }

    /**
     * Requests a step must measure for the objective's strictest percentile to rest on 100 requests beyond
     * it: 100 / (1 − q) — 200 for p50, 10,000 for p99, 100,000 for p99.9 (and for {@code max}, as p99.9);
     * 1,000 when the objective names no percentile.
     */
    public long requestsNeeded() {
        double q = slo.terms().stream().filter(t -> t instanceof SloTerm.Latency)
                .mapToDouble(t -> Math.min(99.9, StepJudge.percentile(((SloTerm.Latency) t).name())) / 100).max().orElse(0.9);
        return (long) Math.ceil(100 / (1 - q) * (1 - 1e-9));
    }

    /** A step's measured span at {@code rate}: long enough for {@link #requestsNeeded}, at least {@link #shortestStep}. */
    public Duration measuredSpan(double rate) {
        long needed = (long) Math.ceil(requestsNeeded() / rate * 1e9);
        return Duration.ofNanos(Math.max(shortestStep.toNanos(), needed));
    }
}
