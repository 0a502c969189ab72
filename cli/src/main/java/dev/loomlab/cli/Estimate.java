package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;

import java.util.OptionalDouble;

/**
 * A planned result's expected duration in seconds, before anything runs: the trial JVMs it starts, and its
 * iterations at the scenario's bound (the best time physics allows, so an estimate from below), a load
 * run's duration, or JMH's iteration time. Empty where the bound needs a measurement first (CPU work).
 */
final class Estimate {
    /**
     * Seconds a trial costs besides its iterations — JVM start, class loading, JIT-quiet waits, writing its
     * outcome — measured on a 2-vCPU machine: 1.2 s a result over the quick suite's 31 results, with the
     * class-data sharing archives in place (docs/methodology.md).
     */
    static final double TRIAL_OVERHEAD_S = 1.2;
    /** A load run's unmeasured lead-in before its measured duration (the web scenario's). */
    private static final double LEAD_IN_S = 1.0;

    private Estimate() {
    }

    static OptionalDouble seconds(PlannedResult p) {
        ScenarioDescription s = p.scenario();
        long rounds = (long) p.warmup() + p.iterations();
        int forks = Math.max(1, p.forks());
        if (s.has(Trait.FORKS_ITSELF)) {
            double iteration = p.params().durationMillis("iteration-time") / 1000;
            // one trial JVM hosting JMH, which forks a JVM per fork
            return OptionalDouble.of(TRIAL_OVERHEAD_S + forks * (TRIAL_OVERHEAD_S + rounds * iteration));
        }
        if (has(s, "duration") && has(s, "warmup")) {
            double perTrial = p.params().durationMillis("warmup") / 1000 + rounds * (p.params().durationMillis("duration") / 1000 + LEAD_IN_S);
            return OptionalDouble.of(forks * (TRIAL_OVERHEAD_S + perTrial));
        }
        double boundMs = s.bound().ms(p.params(), p.model(), new BoundContext(Runtime.getRuntime().availableProcessors(), Double.NaN));
        if (Double.isNaN(boundMs)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(forks * (TRIAL_OVERHEAD_S + rounds * boundMs / 1000));
    }

    private static boolean has(ScenarioDescription s, String param) {
        return s.params().stream().map(ParamSpec::name).anyMatch(param::equals);
    }
}
