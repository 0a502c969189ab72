package dev.loomlab.report;

import dev.loomlab.core.result.Result;

import java.util.List;

/** The table printed at the end of a run, followed by the reason of every result that is not ok. */
public final class ConsoleReport {
    private ConsoleReport() {
    }

    public static String render(List<Result> results) {
        TextTable table = new TextTable(ResultRow.HEADER);
        results.forEach(r -> table.add(ResultRow.cells(r)));
        StringBuilder sb = new StringBuilder(table.plain());
        for (Result r : results) {
            if (!r.ok()) {
                sb.append('\n').append(r.status()).append(": ").append(r.scenario()).append(' ').append(r.model())
                        .append(' ').append(Fmt.params(r.params())).append(" — ").append(Fmt.firstLine(r.error()));
                if (r.logs() != null && !r.logs().isEmpty()) {
                    sb.append(" (log: ").append(String.join(", ", r.logs())).append(')');
                }
            }
        }
        if (results.stream().anyMatch(r -> !r.ok())) {
            sb.append('\n');
        }
        return sb.toString();
    }
}
