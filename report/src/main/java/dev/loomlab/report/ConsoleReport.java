package dev.loomlab.report;

import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.text.TextTable;

import dev.loomlab.core.result.Result;

import java.util.List;

/**
 * The table printed at the end of a run (rows grouped by JDK), the JDKs side by side when there are
 * several, each scenario's own metrics, the top pinned stack of each result that pinned, and the reason
 * of every result that is not ok.
 */
public final class ConsoleReport {
    /** Frames of the top pinned stack shown per result. */
    private static final int PINNED_FRAMES = 8;

    private ConsoleReport() {
    }

    public static String render(List<Result> results) {
        TextTable table = new TextTable(ResultRow.HEADER);
        ByJdk.grouped(results).forEach(r -> table.add(ResultRow.cells(r)));
        StringBuilder sb = new StringBuilder(table.plain());
        TextTable byJdk = ByJdk.table(results);
        if (byJdk != null) {
            sb.append("\nBy JDK (mean wall ms; pinned = JFR jdk.VirtualThreadPinned events per iteration, median):\n")
                    .append(byJdk.plain());
        }
        TextTable jmh = JmhTable.of(results);
        if (jmh != null) {
            sb.append("\nMicrobenchmarks (JMH's score ± error, its 99.9% confidence half-width):\n").append(jmh.plain());
        }
        ScenarioMetrics.tables(results).forEach((scenario, t) ->
                sb.append('\n').append(scenario).append(", its own metrics (median per iteration):\n").append(t.plain()));
        List<String> capacity = CapacityText.sections(results, false);
        if (!capacity.isEmpty()) {
            sb.append("\nCapacity (each step: an open-model load at the rate, latency from the intended send; the search's answer first):\n");
            capacity.forEach(section -> sb.append(section));
        }
        String pinned = PinnedStackText.section(results, 1, PINNED_FRAMES);
        if (!pinned.isEmpty()) {
            sb.append("\nPinned (top stack of each result; all in results.jsonl and report.md):\n").append(pinned);
        }
        List<String> breached = SloBreaches.lines(results);
        if (!breached.isEmpty()) {
            sb.append("\nSLO breached (the objective each result was judged against, and every term it missed):\n");
            breached.forEach(line -> sb.append("  ").append(line).append('\n'));
        }
        List<String> threw = CallFailures.lines(results);
        if (!threw.isEmpty()) {
            sb.append("\nCalls that threw (counted; the iterations went on; stacks in the trial logs):\n");
            threw.forEach(line -> sb.append("  ").append(line).append('\n'));
        }
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
