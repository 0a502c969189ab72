package dev.loomlab.prof;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads a flame graph page back: its stacks, and whether it loads anything from the network. */
final class Pages {
    /** A script, style sheet or image the page would fetch over http(s). */
    private static final Pattern REMOTE = Pattern.compile(
            "<script[^>]+src\\s*=|<link[^>]+href\\s*=\\s*['\"]?https?:|@import|url\\(\\s*['\"]?https?:|<img[^>]+src\\s*=\\s*['\"]?https?:",
            Pattern.CASE_INSENSITIVE);

    /** The converter's mark of a frame's type in collapsed stacks: {@code _[j]} compiled, {@code _[0]} interpreted, … */
    private static final Pattern TYPE_MARK = Pattern.compile("_\\[[a-z0-9]]$");

    private Pages() {
    }

    /** The page's stacks, each {@code outermost;…;innermost} (frame types left out) with its samples, as the converter parses its own page. */
    static Map<String, Long> stacks(Path html) throws Exception {
        Arguments args = new Arguments();
        args.output = "collapsed";
        FlameGraph graph = new FlameGraph(args);
        try (Reader in = Files.newBufferedReader(html)) {
            graph.parseHtml(in);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            graph.dump(print);
        }
        Map<String, Long> stacks = new LinkedHashMap<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                int space = line.lastIndexOf(' ');
                StringBuilder stack = new StringBuilder();
                for (String frame : line.substring(0, space).split(";")) {
                    stack.append(stack.isEmpty() ? "" : ";").append(TYPE_MARK.matcher(frame).replaceAll(""));
                }
                stacks.merge(stack.toString(), Long.parseLong(line.substring(space + 1).trim()), Long::sum);
            }
        }
        return stacks;
    }

    /** Whether the page would load a script, style or image from the network. */
    static boolean loadsRemote(Path html) throws Exception {
        return REMOTE.matcher(Files.readString(html)).find();
    }
}
