package dev.loomlab.report;

import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.report.text.Fmt;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.advise.Advisor;
import dev.loomlab.report.advise.Verdict;
import dev.loomlab.report.analysis.Experiment;
import dev.loomlab.report.analysis.Jdks;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.analysis.Score;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a run showed, as the console's last lines: one line per scenario — the verdict report.html's advice
 * gives ({@link Verdict}, in its one-line form), or where the run compared no models the score of each result —
 * with the parameters that differ from the scenario's defaults, then the path of report.html. No line is wider
 * than {@value #WIDTH} characters: what does not fit is cut with an ellipsis, the whole is in report.html.
 */
public final class Answer {
    /** The widest line this prints. */
    public static final int WIDTH = 160;

    private Answer() {
    }

    /** The block: a heading, one line per scenario, the results folder and, last, its report.html ({@code report}). */
    public static String render(List<Result> results, ParamDefaults defaults, Path folder, Path report) {
        StringBuilder sb = new StringBuilder("\nWhat this run showed (one line per scenario; every table in report.md, the figures "
                + "behind each verdict in report.html):\n");
        lines(results, defaults).forEach(line -> sb.append(line).append('\n'));
        // Whole, however long: scripts read the folder from these lines.
        sb.append("results: ").append(folder).append('\n');
        sb.append("report: ").append(report).append('\n');
        return sb.toString();
    }

    /** One line per scenario, in the results' order. */
    public static List<String> lines(List<Result> results, ParamDefaults defaults) {
        Map<String, List<Result>> byScenario = new LinkedHashMap<>();
        results.forEach(r -> byScenario.computeIfAbsent(r.scenario(), k -> new ArrayList<>()).add(r));
        int width = byScenario.keySet().stream().mapToInt(String::length).max().orElse(0);
        List<Verdict> verdicts = Verdict.of(Advisor.advise(results));
        boolean severalJdks = results.stream().map(Jdks::feature).distinct().count() > 1;
        List<String> out = new ArrayList<>();
        byScenario.forEach((scenario, rs) -> {
            List<Verdict> own = verdicts.stream().filter(v -> v.scenario().equals(scenario)).toList();
            String body = own.isEmpty() ? figures(scenario, rs, defaults, severalJdks) : verdict(own, rs, defaults, severalJdks);
            out.add(cut("  " + String.format("%-" + width + "s", scenario) + "  " + body + notOk(rs)));
        });
        return out;
    }

    /** The first experiment's verdict, its parameters first, and how many more verdicts the scenario has. */
    private static String verdict(List<Verdict> own, List<Result> rs, ParamDefaults defaults, boolean severalJdks) {
        Verdict v = own.get(0);
        Experiment e = Experiment.of(rs).stream().filter(x -> x.label().equals(v.scope())).findFirst().orElse(null);
        String where = e == null ? "" : with(defaults.text(e.scenario(), e.params()), severalJdks ? "Java " + e.jdk() : "");
        return (where.isEmpty() ? "" : where + " — ") + v.headline().oneLine()
                + (own.size() > 1 ? " (+" + (own.size() - 1) + " more " + (own.size() == 2 ? "verdict" : "verdicts") + ")" : "");
    }

    /** No verdict (one model, or none measured ok): each result's score, what it was run with first. */
    private static String figures(String scenario, List<Result> rs, ParamDefaults defaults, boolean severalJdks) {
        List<Map<String, Object>> shown = rs.stream().map(r -> defaults.differing(scenario, r.params())).toList();
        // The parameters every result shares go first; those that vary beside each result.
        Map<String, Object> shared = new LinkedHashMap<>(shown.get(0));
        shared.entrySet().removeIf(en -> shown.stream().anyMatch(m -> !Objects.equals(String.valueOf(m.get(en.getKey())),
                String.valueOf(en.getValue()))));
        List<String> each = new ArrayList<>();
        for (int i = 0; i < rs.size(); i++) {
            Result r = rs.get(i);
            if (!r.ok()) {
                continue;
            }
            Map<String, Object> own = new LinkedHashMap<>(shown.get(i));
            own.keySet().removeAll(shared.keySet());
            String metric = Score.metric(r);
            each.add(with(with(r.model(), Fmt.params(own)), severalJdks ? "Java " + Jdks.feature(r) : "") + " "
                    + score(ResultRow.summary(r, metric), metric));
        }
        String where = Fmt.params(shared);
        String what = each.isEmpty() ? "nothing measured ok"
                : (Experiment.of(rs).stream().allMatch(x -> x.ok().size() < 2) ? "no models compared: " : "no verdict: ")
                + String.join("; ", each);
        return (where.isEmpty() ? "" : where + " — ") + what;
    }

    /**
     * The mean with its unit and the half-width of its 99.9% CI: {@code 196 ms ± 160}, {@code 1,818/s (n<3)},
     * {@code 1,464 B per thread ± 1,099}; a count is named after the figure ({@code 42 ± 3 carriers}).
     */
    private static String score(dev.loomlab.core.stats.Summary s, String metric) {
        if (s == null) {
            return "n/a";
        }
        String ci = s.hasInterval() ? " ± " + Fmt.num(s.ciHalfWidth()) : " " + Fmt.NO_CI;
        Unit unit = Metrics.key(metric).unit();
        return unit.bare() ? Fmt.num(s.mean()) + ci + " " + Metrics.label(metric) : unit.with(Fmt.num(s.mean())) + ci;
    }

    /** Results that were not measured ok, and SLOs breached, named after the line's figures. */
    private static String notOk(List<Result> rs) {
        StringBuilder sb = new StringBuilder();
        List<Result> bad = rs.stream().filter(r -> !r.ok()).toList();
        if (!bad.isEmpty()) {
            Result first = bad.get(0);
            sb.append(" · ").append(bad.size()).append(" not ok: ").append(first.model()).append(' ')
                    .append(first.status().json().replace('_', ' ')).append(" — ").append(Fmt.firstLine(first.error()));
        }
        List<String> breached = rs.stream().filter(r -> r.ok() && r.section(SloVerdict.SECTION).filter(slo -> !slo.met()).isPresent())
                .map(Result::model).toList();
        if (!breached.isEmpty()) {
            sb.append(" · SLO breached: ").append(String.join(", ", breached));
        }
        return sb.toString();
    }

    private static String with(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " " + b;
    }

    /**
     * The line, or as much of it as fits in {@link #WIDTH} characters with an ellipsis: cut after a whole clause (at
     * a comma, semicolon or parenthesis) where one ends in the last third, else after a whole word.
     */
    public static String cut(String line) {
        if (line.length() <= WIDTH) {
            return line;
        }
        String head = line.substring(0, WIDTH - 1);
        int clause = Math.max(Math.max(head.lastIndexOf(", "), head.lastIndexOf("; ")), head.lastIndexOf(" ("));
        int word = head.lastIndexOf(' ');
        int at = clause >= WIDTH * 2 / 3 ? clause : word >= WIDTH * 2 / 3 ? word : head.length();
        return head.substring(0, at).stripTrailing() + "…";
    }
}
