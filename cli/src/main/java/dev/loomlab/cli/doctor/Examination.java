package dev.loomlab.cli.doctor;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The machine's facts, a plan's needs, and every check judged: what {@code loomlab doctor} prints and summary.json keeps. */
public record Examination(MachineFacts facts, Needs needs, List<Check> checks) {
    public Examination {
        checks = List.copyOf(checks);
    }

    /** The checks the plan cannot run past as asked. */
    public List<Check> failures() {
        return checks.stream().filter(c -> c.status() == CheckStatus.FAIL).toList();
    }

    public List<Check> warnings() {
        return checks.stream().filter(c -> c.status() == CheckStatus.WARN).toList();
    }

    /** The worst status: {@code fail}, else {@code warn}, else {@code ok}. */
    public CheckStatus status() {
        return checks.stream().map(Check::status).filter(s -> s == CheckStatus.FAIL || s == CheckStatus.WARN)
                .max(Comparator.naturalOrder()).orElse(CheckStatus.OK);
    }

    /** One line per failed check, for {@code loomlab run} to print before its first trial. */
    public List<String> failureLines() {
        return failures().stream().map(c -> "warning: this machine fails check " + c.name() + ": " + c.finding() + ": "
                + c.consequence() + (c.fix().isEmpty() ? "" : "; fix: " + c.fix())).toList();
    }

    /** {@code loomlab doctor --json}: the verdict, every check with its facts, the plan's needs and all the facts. */
    public Map<String, Object> json(List<String> targets) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("targets", targets);
        m.put("planned_results", needs.results().size());
        m.put("status", status().text());
        m.put("exit", failures().isEmpty() ? 0 : 1);
        m.put("checks", checks.stream().map(Check::json).toList());
        m.put("needs", needs.json());
        m.put("facts", facts.json());
        return m;
    }

    /** summary.json's {@code machine}: the facts and each check's status, judged against the run's plan. */
    public Map<String, Object> summary() {
        Map<String, Object> statuses = new LinkedHashMap<>();
        checks.forEach(c -> statuses.put(c.name(), c.status().text()));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("checks", statuses);
        m.put("facts", facts.json());
        return m;
    }
}
