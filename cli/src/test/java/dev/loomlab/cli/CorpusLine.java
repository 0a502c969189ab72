package dev.loomlab.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * One case of the bad-input corpus ({@code corpus/command-lines.txt}): {@code EXIT | ARGUMENTS [| TEXT]},
 * arguments split at spaces, {@code '…'} one argument as written and {@code ''} an empty one.
 *
 * @param line  the line number in the corpus file, from 1
 * @param exit  0 (it runs), 1 (it runs, and its result is not ok) or 2 (bad input)
 * @param args  the command line, placeholders such as {@code {results}} not yet replaced
 * @param text  what the output must contain; empty when the line gives none
 */
record CorpusLine(int line, int exit, List<String> args, String text) {
    private static final String FIELDS = " | ";

    /** The case on {@code text}, line {@code line} of the corpus. */
    static CorpusLine parse(int line, String text) {
        String[] fields = text.split(java.util.regex.Pattern.quote(FIELDS), 3);
        if (fields.length < 2 || !fields[0].strip().matches("[012]")) {
            throw new IllegalArgumentException("corpus line " + line + " is not 'EXIT | ARGUMENTS [| TEXT]': " + text);
        }
        return new CorpusLine(line, Integer.parseInt(fields[0].strip()), split(line, fields[1].strip()),
                fields.length == 3 ? fields[2].strip() : "");
    }

    /** Arguments at spaces; a quoted part is taken as written. */
    static List<String> split(int line, String text) {
        List<String> out = new ArrayList<>();
        StringBuilder arg = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ') {
                if (arg != null) {
                    out.add(arg.toString());
                    arg = null;
                }
                continue;
            }
            if (arg == null) {
                arg = new StringBuilder();
            }
            if (c == '\'') {
                int close = text.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("corpus line " + line + ": unclosed ' in " + text);
                }
                arg.append(text, i + 1, close);
                i = close;
            } else {
                arg.append(c);
            }
        }
        if (arg != null) {
            out.add(arg.toString());
        }
        return out;
    }

    /** The arguments and expected text with {@code {results}} replaced by {@code results}. */
    CorpusLine in(String results) {
        return new CorpusLine(line, exit, args.stream().map(a -> a.replace("{results}", results)).toList(),
                text.replace("{results}", results));
    }

    @Override
    public String toString() {
        return "line " + line + ": " + exit + " | " + String.join(" ", args.stream()
                .map(a -> a.isEmpty() || a.contains(" ") ? "'" + a + "'" : a).toList());
    }
}
