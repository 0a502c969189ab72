package dev.loomlab.report;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.BindingTerm;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which term of a result's bound binds, for a scenario whose bound has several ({@link dev.loomlab.core.scenario.Bound#term},
 * e.g. a calibrated one: {@code task}, {@code db}): {@code I/O-bound} when it is ⌈tasks / N⌉ waves of one call's
 * latency alone, {@code CPU-bound} when the CPU per call spread over the cores is longer, and {@code pool-bound (10
 * connections)} when N is a pool's size rather than the model's concurrency. The scenario is looked up by the result's
 * name on the class path; a result whose scenario or parameters no longer exist gets no note.
 */
final class BoundTerm {
    private BoundTerm() {
    }

    /** The note, or null for a result whose bound has one term, or none. */
    static String of(Result r) {
        return of(r, Scenarios.ON_CLASS_PATH::find);
    }

    /** The note, the result's scenario found by {@code scenarios}. */
    static String of(Result r, Function<String, Optional<Scenario>> scenarios) {
        if (r.boundMs() == null || r.serialTaskMs() == null || r.modelInfo() == null) {
            return null;
        }
        Optional<ScenarioDescription> scenario = scenarios.apply(r.scenario()).map(Scenario::description);
        return scenario.flatMap(s -> params(s, r))
                .flatMap(p -> scenario.get().bound().term(p, r.modelInfo(), r.serialTaskMs(), r.boundMs()))
                .map(BoundTerm::words)
                .orElse(null);
    }

    private static String words(BindingTerm t) {
        return switch (t.kind()) {
            case WAITING -> "I/O-bound";
            case COMPUTING -> "CPU-bound";
            case POOL -> "pool-bound (" + t.pool() + " " + t.poolParam() + ")";
        };
    }

    /** The result's parameters as its scenario reads them; empty when they no longer parse. */
    private static Optional<ParamValues> params(ScenarioDescription scenario, Result r) {
        Map<String, String> given = new LinkedHashMap<>();
        r.params().forEach((name, value) -> given.put(name, String.valueOf(value)));
        try {
            return Optional.of(ParamValues.parse(scenario.name(), scenario.params(), given));
        } catch (BadInputException e) {
            return Optional.empty();
        }
    }

    /** Every scenario on the class path, loaded once, when the first note is asked for. */
    private static final class Scenarios {
        static final ScenarioCatalog ON_CLASS_PATH = ScenarioCatalog.load();
    }
}
