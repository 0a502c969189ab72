package dev.loomlab.report.advise;

import java.util.List;

/**
 * Advice as Markdown: the verdicts of every experiment first, as a table; then one section per experiment,
 * its verdict in bold and every recommendation followed, indented, by the figures it rests on.
 */
public final class AdviceReport {
    private AdviceReport() {
    }

    /** @param source what the advice was drawn from, e.g. the results folder */
    public static String markdown(List<Advice> advice, String source, int results) {
        StringBuilder sb = new StringBuilder("# loomlab advice\n\n");
        sb.append("From ").append(results).append(results == 1 ? " result" : " results").append(" in ").append(source)
                .append(". Each recommendation is followed by the measured figures it rests on.\n");
        if (advice.isEmpty()) {
            return sb.append("\nNo advice: no result was measured ok, and nothing failed.\n").toString();
        }
        List<Verdict> verdicts = Verdict.of(advice);
        sb.append("\n## Verdicts\n\n| experiment | verdict |\n|---|---|\n");
        verdicts.forEach(v -> sb.append("| ").append(v.scope()).append(" | ").append(v.headline().recommendation()).append(" |\n"));
        for (Verdict v : verdicts) {
            sb.append("\n## ").append(v.scope()).append("\n\n**").append(v.headline().recommendation()).append("**\n\n");
            v.headline().evidence().forEach(ev -> sb.append("  - ").append(ev).append('\n'));
            for (Advice a : v.more()) {
                sb.append("- ").append(a.topic()).append(": ").append(a.recommendation()).append('\n');
                a.evidence().forEach(ev -> sb.append("  - ").append(ev).append('\n'));
            }
        }
        return sb.toString();
    }
}
