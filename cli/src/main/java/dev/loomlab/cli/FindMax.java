package dev.loomlab.cli;

import dev.loomlab.core.outcome.CapacitySearch;
import dev.loomlab.core.outcome.CapacityStep;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.capacity.SloPool;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.GeneratorCeiling;
import dev.loomlab.load.capacity.Recovery;
import dev.loomlab.load.LoadReport;
import java.time.Duration;
import dev.loomlab.load.capacity.SearchPlan;

import java.io.PrintStream;
import java.net.URI;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * {@code loomlab load URL --find-max}: measures the generator's own ceiling on this machine, then searches for
 * the highest open-model rate the URL sustains within the objective, telling each step on {@code err} as it
 * is judged; each step's load reports its progress once a second to {@code progress}.
 */
final class FindMax {
    private final URI url;
    private final SearchPlan plan;
    /** The pool every step opens at most; null: each step's is sized by the objective ({@link SloPool}). */
    private final Integer connections;
    private final String expect;
    private final PrintStream err;

    FindMax(URI url, SearchPlan plan, Integer connections, String expect, PrintStream err) {
        this.url = url;
        this.plan = plan;
        this.connections = connections;
        this.expect = expect;
        this.err = err;
    }

    /**
     * Runs the search; the listener {@code progress} makes for step N (1, 2, …) gets that step's load progress once
     * a second, with the latencies so far when {@code latencies}. Null when the generator's ceiling could not be
     * measured (it could not keep up even with the lowest rate against a server that does nothing: a machine too
     * busy to measure on); {@code err} then says so.
     */
    CapacitySearcher.Found run(IntFunction<Consumer<LoadProgress>> progress, boolean latencies) throws InterruptedException {
        err.println("loomlab load: measuring the generator's own ceiling against a server that does nothing ("
                + GeneratorCeiling.OBJECTIVE.spec() + ", keeping up) …");
        CapacitySearch ceiling = GeneratorCeiling.measure(step -> err.println("loomlab load:   ceiling " + line(step)));
        if (!ceiling.found()) {
            err.println("loomlab load: the generator could not keep up even with " + Slo.figure(ceiling.steps().getLast().ratePerS())
                    + "/s against a server that does nothing: this machine is too busy to measure a capacity on");
            return null;
        }
        double cap = ceiling.maxRatePerS();
        err.println("loomlab load: generator ceiling " + Slo.figure(cap) + "/s; searching " + url + " for the highest rate that meets " + plan.slo().spec() + " (from "
                + Slo.figure(plan.startRatePerS()) + "/s, precision " + Slo.figure(100 * plan.precision()) + "%)");
        int[] n = {0};
        Recovery recovery = new Recovery(url, plan.recoveryLimit(), plan.recoveryPatience());
        CapacitySearcher.StepLoad load = new CapacitySearcher.StepLoad() {
            @Override
            public LoadReport run(LoadSpec spec) throws InterruptedException {
                n[0]++;
                err.println("loomlab load: step " + n[0] + ": " + Slo.figure(spec.rate()) + "/s for "
                        + spec.warmup().toMillis() / 1000.0 + " s + " + spec.duration().toMillis() / 1000.0 + " s measured, up to "
                        + String.format(Locale.ROOT, "%,d", spec.connections()) + " connections");
                return new LoadGenerator(spec).run(progress.apply(n[0]), latencies);
            }

            @Override
            public void recover(CapacityStep failed) throws InterruptedException {
                err.println("loomlab load: waiting for " + url + " to answer within "
                        + plan.recoveryLimit().toMillis() + " ms again before the next step …");
                Duration waited = recovery.await();
                err.println("loomlab load: " + (waited == null ? "it did not within " + plan.recoveryPatience().toSeconds()
                        + " s; the next step runs anyway" : "recovered after " + Slo.figure(waited.toMillis() / 1000.0) + " s"));
            }
        };
        return new CapacitySearcher(plan).search(
                (rate, warmup, measured, timeout) -> LoadSpec.open(url, rate, pool(rate), warmup, measured, Ramp.CONSTANT,
                        timeout, expect),
                load, cap, step -> err.println("loomlab load: step " + n[0] + ": " + line(step)));
    }

    /** The most connections a step at {@code rate} opens: the given pool, or the one the objective sizes ({@link SloPool}). */
    private int pool(double rate) {
        return connections != null ? connections : SloPool.connections(rate, plan.slo(), plan.timeout());
    }

    /** The most connections any step of {@code search} could open: the result's {@code connections}. */
    int mostConnections(CapacitySearch search) {
        return search.steps().stream().mapToInt(step -> pool(step.ratePerS())).max().orElse(pool(plan.startRatePerS()));
    }

    /** One step as a line: rate, verdict, figures, and the reasons it failed. */
    static String line(CapacityStep s) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s/s %s — %s/s answered, %s errors",
                Slo.figure(s.ratePerS()), s.passed() ? "passed" : "failed", Slo.figure(s.throughputPerS()),
                Slo.figure(s.errorsPct()) + "%"));
        if (s.p99Ms() != null) {
            sb.append(", p50 ").append(Slo.figure(s.p50Ms())).append(" ms, p99 ").append(Slo.figure(s.p99Ms())).append(" ms");
        }
        if (!s.reasons().isEmpty()) {
            sb.append(" (").append(String.join("; ", s.reasons())).append(')');
        }
        if (s.marginal()) {
            sb.append(" [within noise]");
        }
        return sb.toString();
    }
}
