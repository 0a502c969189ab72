package dev.loomlab.cli.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** {@code loomlab doctor}'s output for people: a block per check — status, name, finding, then what it means and the fix. */
public final class DoctorText {
    /** Columns of text after the indent before a line is wrapped. */
    private static final int WIDTH = 100;
    private static final String INDENT = " ".repeat(6 + 13);

    private DoctorText() {
    }

    /** @param what what the machine was judged against, e.g. {@code echo} */
    public static String render(Examination e, String what) {
        StringBuilder sb = new StringBuilder();
        int n = e.needs().results().size();
        sb.append("loomlab doctor: this machine against ").append(what).append(" (").append(n)
                .append(n == 1 ? " planned result" : " planned results").append(")\n\n");
        for (Check c : e.checks()) {
            sb.append(String.format("%-6s%-13s", c.status().text(), c.name()));
            block(sb, c.finding(), "", true);
            if (!c.consequence().isEmpty()) {
                block(sb, c.consequence(), "→ ", false);
            }
            if (!c.fix().isEmpty()) {
                block(sb, c.fix(), "fix: ", false);
            }
        }
        sb.append('\n');
        List<Check> failed = e.failures();
        List<Check> warned = e.warnings();
        if (!failed.isEmpty()) {
            sb.append(what).append(" cannot run as asked here: ").append(names(failed)).append(" failed");
        } else {
            sb.append("nothing here stops ").append(what).append(" from running as asked");
        }
        if (!warned.isEmpty()) {
            sb.append("; ").append(warned.size()).append(warned.size() == 1 ? " warning" : " warnings")
                    .append(" (figures may be affected): ").append(names(warned));
        }
        return sb.append('\n').toString();
    }

    private static String names(List<Check> checks) {
        return checks.stream().map(Check::name).collect(Collectors.joining(", "));
    }

    /** {@code text} after {@code prefix}, wrapped at spaces; the first line continues the current one when {@code first}. */
    private static void block(StringBuilder sb, String text, String prefix, boolean first) {
        List<String> lines = wrap(prefix + text, WIDTH);
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0 || !first) {
                sb.append(INDENT).append(i > 0 ? " ".repeat(prefix.length()) : "");
            }
            sb.append(lines.get(i)).append('\n');
        }
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
