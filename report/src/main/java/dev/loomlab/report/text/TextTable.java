package dev.loomlab.report.text;

import java.util.ArrayList;
import java.util.List;

/** Renders rows of cells as an aligned plain-text table or a Markdown table. */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> header) {
        this.header = header;
    }

    public TextTable add(List<String> row) {
        rows.add(row);
        return this;
    }

    /** Columns padded to their widest cell, two spaces apart, a rule under the header. */
    public String plain() {
        int[] w = widths();
        StringBuilder sb = new StringBuilder();
        line(sb, header, w);
        int total = 0;
        for (int x : w) {
            total += x + 2;
        }
        sb.append("-".repeat(Math.max(0, total - 2))).append('\n');
        for (List<String> r : rows) {
            line(sb, r, w);
        }
        return sb.toString();
    }

    /** A GitHub-flavoured Markdown table; pipes in cells escaped. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| ").append(String.join(" | ", escape(header))).append(" |\n");
        sb.append("|").append("---|".repeat(header.size())).append('\n');
        for (List<String> r : rows) {
            sb.append("| ").append(String.join(" | ", escape(r))).append(" |\n");
        }
        return sb.toString();
    }

    private int[] widths() {
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = header.get(i).length();
            for (List<String> r : rows) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        return w;
    }

    private static void line(StringBuilder sb, List<String> cells, int[] w) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            l.append(String.format("%-" + w[i] + "s", cells.get(i)));
            if (i < w.length - 1) {
                l.append("  ");
            }
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }

    private static List<String> escape(List<String> cells) {
        return cells.stream().map(c -> c.replace("|", "\\|")).toList();
    }
}
