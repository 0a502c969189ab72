package dev.loomlab.core.gc;

import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.TrialOutcome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a trial JVM's unified GC log ({@link GcLogging#flag}) says: the collector in use and every
 * stop-the-world pause, each at the {@link System#nanoTime()} it was logged. Only the lines that state a
 * whole pause with its duration are read — {@code [gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause)
 * 19M->2M(32M) 2.272ms} (G1, Parallel, Serial; tag {@code gc}) and {@code [gc,phases] GC(0) y: Pause Mark
 * Start 0.011ms} (ZGC); anything else, a line cut short included, is skipped.
 *
 * @param collector the collector's name ({@code G1}, {@code Parallel}, {@code Serial}, {@code ZGC},
 *                  {@code Shenandoah}); null when the log does not name one (logging turned off)
 */
public record GcLog(String collector, List<GcPause> pauses) {
    private static final Pattern LINE = Pattern.compile("^((?:\\[[^\\]]*\\])+)\\s?(.*)$");
    private static final Pattern DECORATION = Pattern.compile("\\[([^\\]]*)\\]");
    private static final Pattern NANOS = Pattern.compile("^(\\d+)ns$");
    private static final Pattern PAUSE = Pattern.compile("^GC\\(\\d+\\) (?:[yYO]: )?Pause (.+?) (\\d+(?:\\.\\d+)?)ms$");
    private static final String USING = "Using ";

    public GcLog {
        pauses = List.copyOf(pauses);
    }

    /** The log at {@code file}, read leniently (a trial killed mid-line leaves a partial last line). */
    public static GcLog read(Path file) throws IOException {
        return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList());
    }

    /** The collector and pauses of a log's lines; the lines need the {@code timenanos} and {@code tags} decorations. */
    public static GcLog parse(List<String> lines) {
        String collector = null;
        List<GcPause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            List<String> decorations = new ArrayList<>();
            Matcher d = DECORATION.matcher(m.group(1));
            while (d.find()) {
                decorations.add(d.group(1).trim());
            }
            String tags = decorations.get(decorations.size() - 1);
            String message = m.group(2).trim();
            if (tags.equals("gc") && message.startsWith(USING) && collector == null) {
                collector = name(message.substring(USING.length()));
                continue;
            }
            if (!tags.equals("gc") && !tags.equals("gc,phases")) {
                continue;
            }
            Matcher p = PAUSE.matcher(message);
            Long nanos = nanos(decorations);
            if (p.matches() && nanos != null) {
                pauses.add(new GcPause(nanos, GcPause.Kind.of(p.group(1)), Double.parseDouble(p.group(2))));
            }
        }
        return new GcLog(collector, pauses);
    }

    /** The pauses logged inside {@code span}, in log order. */
    public List<GcPause> pausesIn(MeasuredSpan span) {
        return pauses.stream().filter(p -> span.holds(p.timeNanos())).toList();
    }

    /**
     * {@code outcome} with this log's collector and, on each iteration that has a span, the pauses inside
     * it; unchanged when the log names no collector (GC logging turned off by the user's flags), since an
     * empty log is not "no pauses", and when the outcome already holds the pauses of the JVM the model ran
     * in ({@link #ofModel}) or has no span to place a pause in.
     */
    public TrialOutcome applyTo(TrialOutcome outcome) {
        if (collector == null || outcome.gcCollector() != null || outcome.iterations().stream().allMatch(it -> it.span() == null)) {
            return outcome;
        }
        List<IterationResult> iterations = outcome.iterations().stream()
                .map(it -> it.span() == null ? it : it.withGcPauses(pausesIn(it.span())))
                .toList();
        return outcome.withGc(collector, iterations);
    }

    /**
     * {@code outcome} with the pauses of {@code modelLog}, the GC log of the JVM the model ran in when that
     * is not the trial JVM (a server under test). The spans are the trial's {@link System#nanoTime()}, which
     * on one machine is the server's clock too. When that log cannot be read or names no collector, the
     * iterations lose their spans, so that the trial's own log is never taken for the model's: the result
     * then has no GC figures.
     */
    public static TrialOutcome ofModel(TrialOutcome outcome, Path modelLog) {
        try {
            GcLog log = read(modelLog);
            if (log.collector() != null) {
                return log.applyTo(outcome);
            }
        } catch (IOException e) {
            // No figures is the honest answer: fall through.
        }
        List<IterationResult> spanless = outcome.iterations().stream().map(it -> it.withSpan(null)).toList();
        return outcome.withGc(null, spanless);
    }

    private static Long nanos(List<String> decorations) {
        for (String d : decorations) {
            Matcher m = NANOS.matcher(d);
            if (m.matches()) {
                return Long.parseLong(m.group(1));
            }
        }
        return null;
    }

    /** {@code G1} of {@code Using G1}; {@code ZGC} of ZGC's {@code Using The Z Garbage Collector}. */
    private static String name(String using) {
        return using.equals("The Z Garbage Collector") ? "ZGC" : using;
    }
}
