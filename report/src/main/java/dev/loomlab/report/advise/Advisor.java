package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.analysis.Experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * Recommendations from measured results only: every rule reads figures from the results and cites them;
 * a rule whose metrics are absent says nothing.
 */
public final class Advisor {
    private static final List<AdviceRule> RULES = List.of(new BestModelRule(), new PoolSizeRule(), new ConnectionPoolRule(), new SemaphoreRule(),
            new PinningRule(), new MemoryRule(), new GcRule(), new ProfileRule(), new FailureRule());

    private Advisor() {
    }

    /** Advice per experiment, in the results' order, rules in a fixed order within each. */
    public static List<Advice> advise(List<Result> results) {
        List<Advice> out = new ArrayList<>();
        for (Experiment e : Experiment.of(results)) {
            for (AdviceRule rule : RULES) {
                out.addAll(rule.apply(e, results));
            }
        }
        return out;
    }
}
