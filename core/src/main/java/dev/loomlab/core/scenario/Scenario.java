package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.workload.Workload;

import java.util.List;

/**
 * A named experiment: a workload with its parameters, the models it compares by default, its bound,
 * the article it reproduces with the figures published there, and its entries in the suites.
 * Scenarios are found through {@link java.util.ServiceLoader} via {@link ScenarioProvider}.
 */
public interface Scenario {

    String name();

    /** One line: what it measures. */
    String summary();

    /** The article (file in shared/seeds and section) this scenario reproduces. */
    String seed();

    List<ParamSpec> params();

    /** Models compared when the user names none. */
    List<String> defaultModels();

    /**
     * Parameter texts a plain {@code loomlab run SCENARIO} uses in place of single defaults, e.g. a comma
     * list that sweeps every lock kind; each {@code -p} overrides its own. Empty: the defaults alone.
     */
    default java.util.Map<String, String> defaultSweep() {
        return java.util.Map.of();
    }

    Workload workload(ParamValues params);

    /** The best time physics allows for one iteration, in ms; NaN when there is none. */
    double boundMs(ParamValues params, Model model, BoundContext context);

    /**
     * Flags this scenario's trial JVMs need (before the user's {@code --jvm-args}, which can override
     * them), e.g. a larger heap; recorded in each result's {@code jvm.args}.
     */
    default List<String> trialJvmArgs() {
        return List.of();
    }

    /**
     * Warm-up iterations this scenario needs before its figures are steady, when more than the CLI's
     * default of one; {@code --warmup} and a suite's own rounds override it.
     */
    default java.util.OptionalInt defaultWarmup() {
        return java.util.OptionalInt.empty();
    }

    /**
     * True when each iteration records JFR {@code jdk.VirtualThreadPinned} events (threshold 0, with
     * stacks): metrics {@code pinned_events} and {@code pinned_time_ms}, and the result's top pinned stacks.
     */
    default boolean recordsPinning() {
        return false;
    }

    /** True when the bound needs one task's serial CPU time, measured in the trial after warm-up. */
    default boolean needsSerialTiming() {
        return false;
    }

    /**
     * True when each iteration reports {@code scheduling_overhead_pct}: the share of the wall time
     * beyond the CPU bound, (wall − bound) / wall (docs/methodology.md).
     */
    default boolean reportsSchedulingOverhead() {
        return false;
    }

    /** Figures the article published, matched to results by model and parameters. */
    List<Published> published();

    /** This scenario's entries in the {@code quick} suite (a few minutes for all scenarios together). */
    List<ScenarioRun> quick();

    /** The article's experiments at their published parameters and round counts. */
    List<ScenarioRun> seeds();

    /** Sweeps over the parameters that shape the curve (pool size, task count …). */
    List<ScenarioRun> full();
}
