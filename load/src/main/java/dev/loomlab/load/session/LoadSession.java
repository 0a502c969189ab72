package dev.loomlab.load.session;

import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.GeneratorCeiling;
import dev.loomlab.load.capacity.GeneratorWarmUp;
import dev.loomlab.load.capacity.Recovery;
import dev.loomlab.load.capacity.SearchPlan;
import dev.loomlab.load.capacity.SloPool;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.service.ServiceWatch;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * One load session on one {@link LoadEngine}: what {@code loomlab load} (fixed load or {@code --find-max}) and the
 * web scenario do around the loads themselves, in one place — warm the generator before a load ({@link #warm}),
 * measure its own ceiling on this machine ({@link #ceiling}: {@link GeneratorCeiling}, once per JVM), run a closed or
 * open load ({@link #run}), and search for the highest open-model rate a target sustains within an objective
 * ({@link #search}). The session says nothing itself: it tells its {@link Events} what happens, and each caller
 * words it as its output always has.
 */
public final class LoadSession {
    /** What a session tells its caller as it goes; every event is optional. */
    public interface Events {
        /** Before the short warm-up of the generator against a server inside this process. */
        default void warming() {
        }

        /**
         * Before a fixed load warms the generator by measuring its ceiling; {@code measuredBefore}: this JVM measured it
         * already, so the generator is warmed by the short warm-up instead and that ceiling is kept.
         */
        default void warmingWithCeiling(boolean measuredBefore) {
        }

        /** Before the generator's ceiling is measured (not told when this JVM measured it already). */
        default void measuringCeiling() {
        }

        /** A step of the search for the generator's ceiling, judged. */
        default void ceilingStep(CapacityStep step) {
        }

        /** The ceiling search's outcome: {@link CapacitySearch#found} or not. */
        default void ceiling(CapacitySearch ceiling) {
        }

        /** Before step {@code n} (1, 2, …) of a capacity search runs {@code spec}. */
        default void step(int n, LoadSpec spec) {
        }

        /** Step {@code n}, judged. */
        default void judged(int n, CapacityStep step) {
        }

        /** After a failing step, before waiting for the target to answer promptly again. */
        default void recovering() {
        }

        /** The target answered promptly after {@code waited}; null: it did not within the plan's patience. */
        default void recovered(Duration waited) {
        }
    }

    private final LoadEngine engine;
    private final Events events;

    public LoadSession(LoadEngine engine, Events events) {
        this.engine = engine;
        this.events = events;
    }

    public LoadEngine engine() {
        return engine;
    }

    /**
     * The generator's ceiling on this machine: the one this JVM measured already, else measured now against a server
     * that does nothing ({@link GeneratorCeiling}), each step told. The events hear of the outcome either way.
     */
    public CapacitySearch ceiling() throws InterruptedException {
        boolean measuredNow = GeneratorCeiling.measured().isEmpty();
        if (measuredNow) {
            events.measuringCeiling();
        }
        CapacitySearch ceiling = GeneratorCeiling.measure(events::ceilingStep);
        events.ceiling(ceiling);
        return ceiling;
    }

    /**
     * The generator's ceiling for a capacity search, measured ({@link #ceiling}) only when the search first wants a rate
     * that needs it ({@link CapacitySearcher#CEILING_FROM_RATE}); {@link GeneratorCeiling.Unmeasured} when the generator
     * could not keep up against a server that does nothing.
     */
    public CapacitySearcher.Ceiling ceilingWhenNeeded() {
        return () -> {
            CapacitySearch found = ceiling();
            if (!found.found()) {
                throw new GeneratorCeiling.Unmeasured(found);
            }
            return found.maxRatePerS();
        };
    }

    /**
     * Warms the generator before one load of {@code spec}, where the target sees nothing; an engine in a JVM of its
     * own is not warmed here. An open-model load at {@link GeneratorWarmUp#CEILING_FROM_RATE} or more is preceded by
     * the search for the generator's ceiling, as a capacity search is, so that a fixed-rate run and a search's step
     * at the same rate measure with a generator in the same state (when this JVM measured the ceiling already, the
     * generator is warmed briefly and that ceiling kept). Returns the ceiling as {@code generator_ceiling_per_s} when there
     * is one, else nothing.
     */
    public Map<String, Double> warm(LoadSpec spec) throws InterruptedException {
        if (!engine.runsInThisJvm()) {
            return Map.of();
        }
        if (!spec.isOpen() || spec.rate() < GeneratorWarmUp.CEILING_FROM_RATE) {
            events.warming();
            GeneratorWarmUp.run();
            return Map.of();
        }
        boolean measuredBefore = GeneratorCeiling.measured().isPresent();
        events.warmingWithCeiling(measuredBefore);
        if (measuredBefore) {
            GeneratorWarmUp.run();
        }
        CapacitySearch ceiling = ceiling();
        return ceiling.found() ? Map.of(LoadMetrics.GENERATOR_CEILING_PER_S.name(), ceiling.maxRatePerS()) : Map.of();
    }

    /** Whether {@code rate} is near enough {@code ceiling} for late sends and latencies to be the generator's. */
    public static boolean nearCeiling(double rate, double ceiling) {
        return rate >= GeneratorWarmUp.NEAR_CEILING * ceiling;
    }

    /** Runs one load of {@code spec} on the session's engine (prepared and run in one go). */
    public LoadEngine.Run run(LoadSpec spec, Consumer<LoadProgress> progress, boolean latencies)
            throws IOException, InterruptedException {
        return engine.run(spec, progress, latencies);
    }

    /**
     * Searches {@code url} for the highest open-model rate that meets the plan's objective, no rate above the
     * generator's {@code ceiling} (asked for when a rate needs it); each step an open load of the session's engine over at most
     * {@link #connections} connections, each 2xx answer carrying {@code expect} (null: any), its progress to the
     * listener {@code progress} makes for step N; after a failing step it waits for the target to recover.
     *
     * @param connections the pool every step opens at most; null: each step's is sized by the objective ({@link SloPool})
     */
    public CapacitySearcher.Found search(SearchPlan plan, URI url, Integer connections, String expect, CapacitySearcher.Ceiling ceiling,
                                         IntFunction<Consumer<LoadProgress>> progress, boolean latencies)
            throws InterruptedException {
        return search(plan, url, connections, expect, ceiling, progress, latencies, Service.NONE);
    }

    /**
     * As {@link #search(SearchPlan, URI, Integer, String, CapacitySearcher.Ceiling, IntFunction, boolean)}, reading {@code service} and the
     * generator's CPU over each step's measured span ({@link ServiceWatch}): what judges a step's generator and names the
     * knee's cause.
     */
    public CapacitySearcher.Found search(SearchPlan plan, URI url, Integer connections, String expect, CapacitySearcher.Ceiling ceiling,
                                         IntFunction<Consumer<LoadProgress>> progress, boolean latencies, Service service)
            throws InterruptedException {
        int[] n = {0};
        Recovery recovery = new Recovery(url, plan.recoveryLimit(), plan.recoveryPatience());
        CapacitySearcher.StepLoad load = new CapacitySearcher.StepLoad() {
            @Override
            public LoadReport run(LoadSpec spec) throws InterruptedException {
                return measure(spec).report();
            }

            @Override
            public CapacitySearcher.Measured measure(LoadSpec spec) throws InterruptedException {
                n[0]++;
                events.step(n[0], spec);
                ServiceWatch watch = ServiceWatch.start(service, spec.warmup(), spec.duration());
                LoadReport report;
                try {
                    report = engine.run(spec, progress.apply(n[0]), latencies).report();
                } catch (IOException e) {
                    watch.stop();
                    throw new java.io.UncheckedIOException(e);
                } catch (InterruptedException | RuntimeException e) {
                    watch.stop();
                    throw e;
                }
                return new CapacitySearcher.Measured(report, watch.stop());
            }

            @Override
            public void recover(CapacityStep failed) throws InterruptedException {
                events.recovering();
                events.recovered(recovery.await());
            }
        };
        return new CapacitySearcher(plan).search(
                (rate, warmup, measured, timeout) -> LoadSpec.open(url, rate, connections(plan, connections, rate), warmup,
                        measured, Ramp.CONSTANT, timeout, expect),
                load, ceiling, step -> events.judged(n[0], step));
    }

    /**
     * Waits, before a repeated search starts again from the plan's start rate, until {@code url} answers within the
     * plan's recovery limit, as after a failing step: the last search ended next to the target's limit, and the next
     * must not measure its backlog. The events hear of it as of a step's recovery.
     */
    public void recover(SearchPlan plan, URI url) throws InterruptedException {
        events.recovering();
        events.recovered(new Recovery(url, plan.recoveryLimit(), plan.recoveryPatience()).await());
    }

    /** The most connections a step at {@code rate} opens: {@code given}, or the pool the plan's objective sizes ({@link SloPool}). */
    public static int connections(SearchPlan plan, Integer given, double rate) {
        return given != null ? given : SloPool.connections(rate, plan.slo(), plan.timeout());
    }

    /** The most connections any step of {@code searches} could open: a search result's {@code connections}. */
    public static int mostConnections(SearchPlan plan, Integer given, List<CapacitySearch> searches) {
        return searches.stream().flatMap(s -> s.steps().stream()).mapToInt(step -> connections(plan, given, step.ratePerS())).max()
                .orElse(connections(plan, given, plan.startRatePerS()));
    }
}
