package dev.loomlab.report.advise;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.analysis.Experiment;

import java.util.List;

/**
 * Turns the measurements of one experiment into advice. A rule keys on metric names (docs/results.md)
 * and gives nothing when the figures it needs are absent: no advice without a measurement.
 */
interface AdviceRule {
    /**
     * @param experiment the results compared under the same conditions
     * @param all every result of the folder (for rules that look across JDKs)
     */
    List<Advice> apply(Experiment experiment, List<Result> all);
}
