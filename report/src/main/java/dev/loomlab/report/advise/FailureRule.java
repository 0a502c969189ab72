package dev.loomlab.report.advise;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.analysis.Experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A model that failed (crash, timeout, out of memory, deadlock) or whose output was invalid is itself a
 * measurement: advises against it for this workload, citing the reason the trial gave.
 */
final class FailureRule implements AdviceRule {
    @Override
    public List<Advice> apply(Experiment e, List<Result> all) {
        List<Advice> out = new ArrayList<>();
        for (Result r : e.results()) {
            if (r.status() != Status.FAILED && r.status() != Status.INVALID) {
                continue;
            }
            List<String> evidence = new ArrayList<>();
            evidence.add(r.model() + ": " + r.status() + " — " + Fmt.firstLine(r.error()));
            if (r.logs() != null && !r.logs().isEmpty()) {
                evidence.add("trial log: " + String.join(", ", r.logs()));
            }
            String what = r.status() == Status.FAILED ? "it failed" : "its output was invalid";
            out.add(new Advice("failure", e.scenario(), e.label(), "Avoid " + r.model() + " for this workload at these parameters: "
                    + what + ".", evidence));
        }
        return out;
    }
}
