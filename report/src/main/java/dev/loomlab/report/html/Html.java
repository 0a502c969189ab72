package dev.loomlab.report.html;

import java.util.List;

/** Escaping and the few HTML fragments the pages are built from. */
final class Html {
    private Html() {
    }

    /** Text made safe for element content and quoted attribute values. */
    static String esc(Object text) {
        if (text == null) {
            return "";
        }
        String s = text.toString();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** A fragment id from any text: {@code cpu-sqrt} stays, other characters become {@code -}. */
    static String id(String text) {
        return text.replaceAll("[^A-Za-z0-9_-]+", "-");
    }

    /** A table of escaped cells; {@code numeric} columns are right-aligned. */
    static String table(List<String> header, List<List<String>> rows, boolean[] numeric) {
        StringBuilder sb = new StringBuilder("<div class=\"table\"><table><thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            sb.append(numeric != null && numeric[i] ? "<th class=\"num\">" : "<th>").append(esc(header.get(i))).append("</th>");
        }
        sb.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            sb.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                sb.append(numeric != null && numeric[i] ? "<td class=\"num\">" : "<td>").append(esc(row.get(i))).append("</td>");
            }
            sb.append("</tr>");
        }
        return sb.append("</tbody></table></div>\n").toString();
    }
}
