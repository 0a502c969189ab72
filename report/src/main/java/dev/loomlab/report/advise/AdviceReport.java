package dev.loomlab.report.advise;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Advice as Markdown: one section per experiment, each recommendation followed by its figures. */
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
        Map<String, List<Advice>> byScope = new LinkedHashMap<>();
        advice.forEach(a -> byScope.computeIfAbsent(a.scope(), k -> new java.util.ArrayList<>()).add(a));
        byScope.forEach((scope, list) -> {
            sb.append("\n## ").append(scope).append("\n\n");
            for (Advice a : list) {
                sb.append("- **").append(a.topic()).append("**: ").append(a.recommendation()).append('\n');
                a.evidence().forEach(ev -> sb.append("  - ").append(ev).append('\n'));
            }
        });
        return sb.toString();
    }
}
