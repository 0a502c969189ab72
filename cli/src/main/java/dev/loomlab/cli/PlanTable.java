package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import java.util.List;
import java.util.OptionalDouble;

/** {@code --dry-run}: the plan as a table, each result with its rounds and estimated duration, and the total. */
final class PlanTable {
    private PlanTable() {
    }

    static String render(List<PlannedResult> plan) {
        TextTable t = new TextTable(List.of("scenario", "model", "params", "jdk", "forks × (warm-up + measured)", "estimate"));
        double total = 0;
        int unknown = 0;
        for (PlannedResult p : plan) {
            OptionalDouble s = Estimate.seconds(p);
            if (s.isPresent()) {
                total += s.getAsDouble();
            } else {
                unknown++;
            }
            t.add(List.of(p.scenario().name(), p.model().name(), Fmt.params(p.params().json()),
                    Integer.toString(p.jdk().feature()), p.forks() + " × (" + p.warmup() + " + " + p.iterations() + ")",
                    s.isPresent() ? "≥ " + Fmt.num(s.getAsDouble()) + " s" : "? (no bound before it runs)"));
        }
        return t.plain() + "\n" + plan.size() + (plan.size() == 1 ? " result" : " results") + ", at least "
                + Fmt.num(total) + " s" + (unknown == 0 ? "" : " plus " + unknown + " with no bound before they run (a CPU bound needs the trial's own timing; some scenarios have none)")
                + " (bounds and a trial's measured overhead of " + Fmt.num(Estimate.TRIAL_OVERHEAD_S)
                + " s; nothing was run)\n";
    }
}
