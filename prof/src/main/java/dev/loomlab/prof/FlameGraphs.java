package dev.loomlab.prof;

import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@code .jfr} (the JDK's Flight Recorder or async-profiler's JFR output) into flame graphs: the
 * samples of one {@link SampleKind}, drawn by async-profiler's converter ({@code one.convert.FlameGraph},
 * {@code tools.profiler:jfr-converter}) into a page that carries its script and styles inline and loads nothing,
 * so it opens offline. Frames are named as {@link Samples} names them (no lines); allocation and lock graphs
 * end in the class allocated or locked on, as the converter draws them.
 *
 * <p>Samples are read with the JDK's {@code RecordingFile} rather than the converter's own reader, which would
 * take a JDK recording's {@code jdk.NativeMethodSample} (threads waiting in native code) for CPU samples.
 */
public final class FlameGraphs {
    private FlameGraphs() {
    }

    /**
     * Writes the flame graph of the {@code kind} samples in {@code jfr} to {@code html}, titled
     * {@code title (kind's label)}.
     *
     * @return the page written, or why none was: the recording holds no samples of that kind
     */
    public static FlameGraphPage write(Path jfr, SampleKind kind, String title, Path html) throws IOException {
        return write(jfr, EnumSet.of(kind), title, html.getParent(), k -> html).get(0);
    }

    /**
     * Writes the flame graph of each kind the recording holds samples of, {@code stem-cpu.html},
     * {@code stem-wall.html}, {@code stem-alloc.html}, {@code stem-lock.html} in {@code dir}, in one pass over
     * the recording.
     *
     * @return one entry per kind, in {@link SampleKind} order: the page written, or why there is none
     */
    public static List<FlameGraphPage> writeAll(Path jfr, String title, Path dir, String stem) throws IOException {
        return write(jfr, EnumSet.allOf(SampleKind.class), title, dir, k -> dir.resolve(stem + "-" + k.id() + ".html"));
    }

    private static List<FlameGraphPage> write(Path jfr, Set<SampleKind> kinds, String title, Path dir, PageFile file)
            throws IOException {
        Map<SampleKind, FlameGraph> graphs = new EnumMap<>(SampleKind.class);
        for (SampleKind k : kinds) {
            Arguments args = new Arguments();
            // The converter prints the title into the page as it is.
            args.title = escape(title + " (" + k.label() + ")");
            graphs.put(k, new FlameGraph(args));
        }
        CallStack stack = new CallStack();
        Map<SampleKind, Long> samples = Samples.forEach(jfr, kinds, (k, s) -> {
            for (int i = s.frames().size() - 1; i >= 0; i--) {
                stack.push(s.frames().get(i), s.types()[i]);
            }
            if (s.leaf() != null) {
                stack.push(s.leaf().name(), s.leaf().type());
            }
            graphs.get(k).addSample(stack, s.weight());
            stack.clear();
        });
        List<FlameGraphPage> pages = new ArrayList<>();
        for (SampleKind k : kinds) {
            long n = samples.get(k);
            if (n == 0) {
                pages.add(FlameGraphPage.missing(k, k.absence() + " in " + jfr.getFileName()));
                continue;
            }
            Path html = file.of(k);
            if (dir != null) {
                Files.createDirectories(dir);
            }
            try (OutputStream out = Files.newOutputStream(html);
                 PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8)) {
                graphs.get(k).dump(print);
            }
            pages.add(FlameGraphPage.written(k, html, n));
        }
        return pages;
    }

    /** {@code text} safe inside HTML: the page's heading. */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    @FunctionalInterface
    private interface PageFile {
        Path of(SampleKind kind);
    }
}
