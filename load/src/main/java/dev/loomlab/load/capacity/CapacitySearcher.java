package dev.loomlab.load.capacity;

import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.service.RunReadings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Searches for the highest open-model rate a target sustains within an objective: doubles the rate from the
 * plan's start until a step fails (or, when the start fails, halves it until a step passes, no lower than
 * the plan's lowest rate), then bisects between the highest passing and the lowest failing rate
 * until they are within the plan's precision. A step whose verdict lies within noise is measured again, up
 * to {@link SearchPlan#MOST_RUNS_PER_STEP} times, and the majority decides. No rate above the generator's
 * own ceiling is tried: a search that passes there, or whose first failing rate lies near the ceiling with
 * the generator itself late ({@link #NEAR_CEILING}), is generator-bound, its answer "at least" the highest
 * passing rate. The ceiling is asked for only when the search first wants a rate of {@link #CEILING_FROM_RATE} or
 * more ({@link Ceiling}): below it the generator uses a small share of a core, each step's own lateness and CPU
 * still judge it ({@link StepJudge}), and a search of a slow service does not wait for the generator's own
 * search first. The number of steps is bounded: one
 * per factor of two between the lowest rate and the ceiling, and log2(1 / precision) + 1 bisections, each
 * measured at most {@link SearchPlan#MOST_RUNS_PER_STEP} times.
 * <p>
 * A step whose generator could not be trusted ({@link CapacityStep#invalid}) is neither passed nor failed: it is
 * measured once more, and when that run cannot be trusted either, the search stops there. A rate the generator cannot
 * keep says nothing of the target at it or above, so the answer is then at least the highest rate that passed
 * (generator-bound), and the knee is the generator's. At the end the knee's cause is named ({@link KneeClassifier}).
 */
public final class CapacitySearcher {
    /** Runs one step: an open-model load at a rate, for a warm-up and a measured span. */
    @FunctionalInterface
    public interface StepLoad {
        /** The report of one open-model load of {@code spec}. */
        LoadReport run(LoadSpec spec) throws InterruptedException;

        /** One open-model load of {@code spec}, with what was read beside it; by default {@link #run}, nothing read. */
        default Measured measure(LoadSpec spec) throws InterruptedException {
            return new Measured(run(spec), RunReadings.NONE);
        }

        /** Called after a step that failed, before the next one: waits until the target has recovered (none: returns). */
        default void recover(CapacityStep failed) throws InterruptedException {
        }
    }

    /** Makes the spec of one step: the target at {@code rate} with this warm-up, span and timeout. */
    @FunctionalInterface
    public interface StepSpec {
        LoadSpec at(double rate, Duration warmup, Duration measured, Duration timeout);
    }

    /**
     * The generator's ceiling on this machine, requests per second, asked for once and only when a search first wants a
     * rate of {@link #CEILING_FROM_RATE} or more. One that cannot be measured (the generator could not keep up against a
     * server that does nothing) throws {@link GeneratorCeiling.Unmeasured}.
     */
    @FunctionalInterface
    public interface Ceiling {
        double perS() throws InterruptedException;

        /** A ceiling already known. */
        static Ceiling of(double perS) {
            return () -> perS;
        }
    }

    /**
     * From this rate (requests per second) on, a search needs the generator's ceiling: the rate from which an open
     * load is warmed by measuring it too ({@link GeneratorWarmUp#CEILING_FROM_RATE}).
     */
    public static final double CEILING_FROM_RATE = GeneratorWarmUp.CEILING_FROM_RATE;

    /** One step's load report and what was read beside it (the generator's CPU, the service's figures). */
    public record Measured(LoadReport report, RunReadings readings) {
    }

    /**
     * What a search found, and the load report of the last step that passed at the sustainable rate (its
     * latencies and counts are the result's figures); that report is null when no step passed. {@code atStop}: the
     * report of the step that stopped the search, when one did ({@link CapacitySearch#stopped}); else null.
     */
    public record Found(CapacitySearch search, LoadReport atMax, LoadReport atStop) {
        public Found(CapacitySearch search, LoadReport atMax) {
            this(search, atMax, null);
        }
    }

    /**
     * A failure at this share of the generator's ceiling or above, with the generator late, may be the generator's
     * own: the search then claims no maximum.
     */
    static final double NEAR_CEILING = 0.9;

    private final SearchPlan plan;
    private final StepJudge judge;
    /** The last passing run's report at each rate tried, for {@link Found#atMax}. */
    private final java.util.Map<Double, LoadReport> passingReports = new java.util.HashMap<>();

    public CapacitySearcher(SearchPlan plan) {
        this.plan = plan;
        this.judge = new StepJudge(plan.slo(), plan.judgesGenerator());
    }

    /**
     * Runs the search.
     *
     * @param ceiling the generator's ceiling on this machine, requests per second ({@link GeneratorCeiling})
     * @param onStep  told of every step as it is judged (progress lines)
     */
    public Found search(StepSpec specs, StepLoad load, double ceiling, Consumer<CapacityStep> onStep)
            throws InterruptedException {
        return search(specs, load, Ceiling.of(ceiling), onStep);
    }

    /**
     * Runs the search, asking {@code ceiling} for the generator's ceiling only when a rate of {@link #CEILING_FROM_RATE}
     * or more is wanted; a search that never wants one records no ceiling.
     */
    public Found search(StepSpec specs, StepLoad load, Ceiling ceiling, Consumer<CapacityStep> onStep)
            throws InterruptedException {
        List<CapacityStep> steps = new ArrayList<>();
        passingReports.clear();
        Cap cap = new Cap(ceiling);
        double rate = Math.min(plan.startRatePerS(), cap.at(plan.startRatePerS()));
        Double passing = null;
        Double failing = null;
        Verdict failedAt = null;
        Verdict stopped = null;
        boolean generatorBound = false;
        Verdict first = step(rate, specs, load, steps, onStep);
        if (first.invalid() != null) {
            stopped = first;
        } else if (first.passed()) {
            passing = rate;
            while (true) {
                double most = cap.at(2 * rate);
                if (rate >= most) {
                    generatorBound = true;
                    break;
                }
                rate = Math.min(2 * rate, most);
                Verdict v = step(rate, specs, load, steps, onStep);
                if (v.invalid() != null) {
                    stopped = v;
                    break;
                }
                if (!v.passed()) {
                    failing = rate;
                    failedAt = v;
                    break;
                }
                passing = rate;
            }
        } else {
            failing = rate;
            failedAt = first;
            while (rate / 2 >= plan.minRatePerS()) {
                rate /= 2;
                Verdict v = step(rate, specs, load, steps, onStep);
                if (v.invalid() != null) {
                    stopped = v;
                    break;
                }
                if (v.passed()) {
                    passing = rate;
                    break;
                }
                failing = rate;
                failedAt = v;
            }
        }
        if (stopped == null && passing != null && failing != null) {
            while ((failing - passing) / passing > plan.precision()) {
                double mid = (passing + failing) / 2;
                Verdict v = step(mid, specs, load, steps, onStep);
                if (v.invalid() != null) {
                    stopped = v;
                    break;
                }
                if (v.passed()) {
                    passing = mid;
                } else {
                    failing = mid;
                    failedAt = v;
                }
            }
        }
        if (failedAt != null && failedAt.generatorLate() && failing >= NEAR_CEILING * cap.known()) {
            generatorBound = true;
        }
        // A rate the generator cannot keep tells nothing of the target there: the answer is at least what passed.
        generatorBound |= stopped != null;
        LoadReport atMax = passing == null ? null : passingReports.get(passing);
        // Sustained is what the target answered: at a rate just above its capacity a short step can still pass.
        Double sustained = atMax == null ? null : Math.min(passing, atMax.throughputPerSecond());
        CapacityStep stoppedAt = stopped == null ? null : stopped.invalid();
        KneeCause knee = plan.judgesGenerator() ? new KneeClassifier(plan.slo()).classify(steps, passing, failing, stoppedAt,
                generatorBound && passing != null, cap.measured()) : null;
        CapacitySearch search = new CapacitySearch(plan.slo().spec(), 100 * plan.precision(), plan.startRatePerS(), sustained,
                passing, failing, cap.measured(), generatorBound && passing != null, steps,
                stoppedAt == null ? null : "at " + KneeClassifier.rate(stoppedAt.ratePerS()) + ": " + stoppedAt.invalid(), knee);
        return new Found(search, atMax, stopped == null ? null : stopped.report());
    }

    /** The most a step may offer: {@link LoadSpec#MAX_RATE}, and the generator's ceiling once a rate needed it. */
    private static final class Cap {
        private final Ceiling ceiling;
        private Double known;

        Cap(Ceiling ceiling) {
            this.ceiling = ceiling;
        }

        /** The most a step wanting {@code rate} may offer; asks for the ceiling the first time such a rate needs it. */
        double at(double rate) throws InterruptedException {
            if (known == null && rate >= CEILING_FROM_RATE) {
                known = ceiling.perS();
            }
            return known == null ? LoadSpec.MAX_RATE : Math.min(known, LoadSpec.MAX_RATE);
        }

        /** The ceiling when asked for, else the most any step may offer. */
        double known() {
            return known == null ? LoadSpec.MAX_RATE : Math.min(known, LoadSpec.MAX_RATE);
        }

        /** The ceiling measured, null when no rate needed it. */
        Double measured() {
            return known;
        }
    }

    /**
     * A rate's verdict over its runs: passed when most runs passed; late when a failing run was the generator's;
     * {@code invalid} the last run that could not be trusted, with its {@code report}, when the rate's runs that could
     * be were too few to judge it.
     */
    private record Verdict(boolean passed, boolean generatorLate, CapacityStep invalid, LoadReport report) {
    }

    /**
     * A rate whose runs cannot be trusted this many times in all stops the search: one such run may be a pause of this
     * machine, two are a generator that cannot keep the rate.
     */
    static final int MOST_INVALID_RUNS = 2;

    /**
     * Measures {@code rate} once, again while the verdicts so far lie within noise and no majority is reached; or,
     * for a plan where any run passes, once more after a failing run. A run that cannot be trusted is measured again,
     * up to {@link #MOST_INVALID_RUNS} of them.
     */
    private Verdict step(double rate, StepSpec specs, StepLoad load, List<CapacityStep> steps, Consumer<CapacityStep> onStep)
            throws InterruptedException {
        int passed = 0;
        int failed = 0;
        int invalid = 0;
        boolean late = false;
        for (int run = 1; run <= SearchPlan.MOST_RUNS_PER_STEP + invalid; run++) {
            LoadSpec spec = specs.at(rate, plan.stepWarmup(), plan.measuredSpan(rate), plan.timeout());
            Measured measured = load.measure(spec);
            CapacityStep step = judge.judge(spec, measured.report(), measured.readings());
            if (step.passed()) {
                passingReports.put(rate, measured.report());
            }
            steps.add(step);
            onStep.accept(step);
            if (!step.judged()) {
                invalid++;
                // An overloaded target may have been part of what held the generator back: let it recover first.
                load.recover(step);
                if (invalid >= MOST_INVALID_RUNS) {
                    return new Verdict(false, false, step, measured.report());
                }
                continue;
            }
            if (step.passed()) {
                passed++;
            } else {
                failed++;
                late |= step.generatorLate();
                load.recover(step);
            }
            if (plan.anyRunPasses()) {
                if (passed > 0 || passed + failed >= 2) {
                    break;
                }
                continue;
            }
            int majority = SearchPlan.MOST_RUNS_PER_STEP / 2 + 1;
            if (!step.marginal() && passed + failed == 1 || passed >= majority || failed >= majority) {
                break;
            }
        }
        return new Verdict(plan.anyRunPasses() ? passed > 0 : passed > failed, late, null, null);
    }
}
