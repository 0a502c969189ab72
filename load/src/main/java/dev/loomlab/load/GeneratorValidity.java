package dev.loomlab.load;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloTerm;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a load run measured its target or its own generator: a run whose generator fell behind its schedule, or used
 * up its cores, cannot be trusted, whatever its figures say, and is {@code invalid} (a fixed {@code load} or {@code web}
 * run; a capacity search's step, which then counts as neither passed nor failed); so is a fixed {@code load} that asked
 * its generator for more than its own ceiling ({@link #aboveCeiling}). Its figures are kept: they are what shows it.
 */
public final class GeneratorValidity {
    /**
     * A run is invalid when its generator wrote its requests late, at the 99th percentile, by at least this share of the
     * objective's tightest latency limit. Latency is timed from the intended send, so that lateness is added to what the
     * target is charged with; at a quarter of the limit it can decide a verdict near the limit, and a generator that late
     * sends in bursts the target would not otherwise see. It is also the share at which a capacity search has always
     * called a failing step the generator's ({@code generator_late}).
     */
    public static final double LAG_SHARE = 0.25;
    /**
     * A run is invalid when its generator's JVM used at least this share of the cores it may run on over the measured
     * span: with no core left, each pause of it (a collection, a compilation, another process) delays every send behind
     * it, and its lateness and the target's latency cannot be told apart.
     */
    public static final double CPU_SHARE = 0.90;

    private GeneratorValidity() {
    }

    /**
     * Why a run cannot be trusted; empty when it can.
     *
     * @param lagP99Ms       how late the generator wrote its measured requests, 99th percentile, ms; null when not
     *                       measured (the closed model)
     * @param objective      the objective the run is judged by; empty when none (no latency to compare the lag with)
     * @param generatorCpuPct the generator's JVM's CPU over the span, % of {@code cores}; null when not read
     */
    public static Optional<String> judge(Double lagP99Ms, Optional<Slo> objective, Double generatorCpuPct, int cores) {
        OptionalDouble limit = objective.map(GeneratorValidity::tightestLatencyMs).orElse(OptionalDouble.empty());
        if (lagP99Ms != null && limit.isPresent() && lagP99Ms >= LAG_SHARE * limit.getAsDouble()) {
            return Optional.of(lagText(lagP99Ms, limit.getAsDouble()));
        }
        if (generatorCpuPct != null && generatorCpuPct >= 100 * CPU_SHARE) {
            return Optional.of(cpuText(generatorCpuPct, cores));
        }
        return Optional.empty();
    }

    /**
     * Why a run at {@code ratePerS} cannot be trusted when it asked the generator for more than its ceiling: the highest
     * rate it sustained against a server that does nothing, measured in this JVM before the run (the load's own
     * ceiling search, or an earlier one of this JVM). Above it the generator had already failed its own objective;
     * empty at or below it, or when the ceiling was not measured. The ceiling is measured while the target is idle, so
     * a target that takes the generator's cores during the run leaves it less than that.
     */
    public static Optional<String> aboveCeiling(double ratePerS, Double ceilingPerS) {
        if (ceilingPerS == null || !(ratePerS > ceilingPerS)) {
            return Optional.empty();
        }
        return Optional.of("the generator was asked for " + Slo.figure(ratePerS) + "/s, above its own ceiling of "
                + Slo.figure(ceilingPerS) + "/s on this machine (measured before the run, against a server that does nothing)");
    }

    /** {@code the generator fell behind its schedule: it sent 30 ms late (p99), ≥ 25% of the 50 ms latency limit}. */
    public static String lagText(double lagP99Ms, double limitMs) {
        return "the generator fell behind its schedule: it sent " + Slo.figure(lagP99Ms) + " ms late (p99), ≥ "
                + Slo.figure(100 * LAG_SHARE) + "% of the " + Slo.figure(limitMs) + " ms latency limit";
    }

    /** {@code the generator used 95% of its 1 core (≥ 90%)}. */
    public static String cpuText(double cpuPct, int cores) {
        return "the generator used " + Slo.figure(cpuPct) + "% of its " + cores + (cores == 1 ? " core" : " cores") + " (≥ "
                + Slo.figure(100 * CPU_SHARE) + "%)";
    }

    /** The objective's tightest latency limit, ms; empty when it limits no latency. */
    public static OptionalDouble tightestLatencyMs(Slo slo) {
        return slo.terms().stream().filter(t -> t instanceof SloTerm.Latency)
                .mapToDouble(t -> ((SloTerm.Latency) t).limitNanos() / 1e6).min();
    }
}
