package dev.loomlab.cli;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.Metric;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JFR recording {@code loomlab assess} makes inside the service's JVM for one block, written when the service stops
 * (its shutdown hooks run, {@link AppProcess#close}), and what it holds for each measured span: virtual threads pinned
 * for {@value #PINNED_THRESHOLD_MS} ms or longer with their stacks, the most platform threads alive, the largest resident
 * set, and the stop-the-world pauses. A command that is not {@code java} may start several JVMs, each with the flags
 * ({@code JAVA_TOOL_OPTIONS}): each writes its own file, named by its pid, and the one listening on the service's port
 * is read.
 */
final class ServiceRecording {
    /** Pins shorter than this are not recorded: they cost the carrier little, and recording each would cost the service. */
    static final long PINNED_THRESHOLD_MS = 1;
    /** How often thread counts and the resident set are sampled. */
    private static final String PERIOD = "1 s";

    /** One measured span, by the wall clock the recording's events carry. */
    record Span(Instant start, Instant end) {
        boolean holds(Instant t) {
            return !t.isBefore(start) && t.isBefore(end);
        }
    }

    /**
     * What the recording holds for one span, as metric names ({@link Metric#PINNED_EVENTS}, {@code server_*}) and the
     * pinned stacks, most events first.
     */
    record Figures(Map<String, Double> metrics, List<PinnedStack> pinned) {
    }

    private final Path dir;
    private final String name;
    private final boolean onePid;

    /**
     * @param dir    where the recording goes (the results folder's logs)
     * @param name   its name without extension ({@code app-virtual-turn1})
     * @param onePid true when the command is the service's own JVM ({@code java …}), so its file needs no pid
     */
    ServiceRecording(Path dir, String name, boolean onePid) {
        this.dir = dir.toAbsolutePath();
        this.name = name;
        this.onePid = onePid;
    }

    /**
     * The flags that start the recording in the service's JVM, its settings file written now, and a recording of an
     * earlier start of the same block removed (a resumed assessment): a service killed before it wrote its own must
     * read as not recorded.
     */
    List<String> flags() throws IOException {
        Files.createDirectories(dir);
        try (var earlier = Files.newDirectoryStream(dir, name + (onePid ? "" : "-*") + ".jfr")) {
            for (Path p : earlier) {
                Files.deleteIfExists(p);
            }
        }
        Path settings = Files.writeString(dir.resolve("service-recording.jfc"), settings(), StandardCharsets.UTF_8);
        return List.of("-XX:StartFlightRecording=name=loomlab-assess,settings=" + settings + ",filename="
                + dir.resolve(name + (onePid ? "" : "-%p") + ".jfr") + ",dumponexit=true",
                // JFR announces its recording on stdout: the service's log should stay its own
                "-Xlog:jfr+startup=error");
    }

    /** The file the JVM {@code pid} wrote; it may not exist (the JVM was killed before its shutdown hooks ran). */
    Path file(long pid) {
        return dir.resolve(name + (onePid ? "" : "-" + pid) + ".jfr");
    }

    /**
     * What the recording of {@code pid} holds for each span, in order; empty when it wrote none.
     *
     * @throws IOException when the file is there and cannot be read
     */
    List<Figures> read(long pid, List<Span> spans) throws IOException {
        Path file = file(pid);
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            return List.of();
        }
        int n = spans.size();
        long[] pinned = new long[n];
        long[] pinnedNanos = new long[n];
        long[] pauseNanos = new long[n];
        double[] threads = new double[n];
        double[] rss = new double[n];
        List<Map<List<String>, long[]>> stacks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            stacks.add(new HashMap<>());
            threads[i] = Double.NaN;
            rss[i] = Double.NaN;
        }
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                int i = spanOf(spans, e.getStartTime());
                if (i < 0) {
                    continue;
                }
                switch (e.getEventType().getName()) {
                    // another recording (--prof jfr) may lower the threshold for the whole JVM
                    case PinnedEvents.EVENT -> {
                        long d = e.getDuration().toNanos();
                        if (d < PINNED_THRESHOLD_MS * 1_000_000) {
                            continue;
                        }
                        pinned[i]++;
                        pinnedNanos[i] += d;
                        long[] sums = stacks.get(i).computeIfAbsent(PinnedEvents.frames(e.getStackTrace()), f -> new long[2]);
                        sums[0]++;
                        sums[1] += d;
                    }
                    case "jdk.JavaThreadStatistics" -> threads[i] = max(threads[i], e.getLong("activeCount"));
                    case "jdk.ResidentSetSize" -> rss[i] = max(rss[i], e.getLong("size") / (1024.0 * 1024.0));
                    case "jdk.GarbageCollection" -> pauseNanos[i] += e.getDuration("sumOfPauses").toNanos();
                    default -> {
                    }
                }
            }
        }
        List<Figures> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Double> m = new LinkedHashMap<>();
            m.put(Metric.PINNED_EVENTS.name(), (double) pinned[i]);
            m.put(Metric.PINNED_TIME_MS.name(), pinnedNanos[i] / 1e6);
            m.put(ServerMetrics.SERVER_GC_PAUSE_MS.name(), pauseNanos[i] / 1e6);
            if (!Double.isNaN(threads[i])) {
                m.put(ServerMetrics.SERVER_THREADS_PEAK.name(), threads[i]);
            }
            if (!Double.isNaN(rss[i])) {
                m.put(ServerMetrics.SERVER_PEAK_RSS_MB.name(), rss[i]);
            }
            List<PinnedStack> top = new ArrayList<>();
            stacks.get(i).forEach((frames, sums) -> top.add(new PinnedStack(sums[0], sums[1] / 1e6, frames)));
            out.add(new Figures(m, PinnedStack.top(top, PinnedStack.TOP)));
        }
        return out;
    }

    private static int spanOf(List<Span> spans, Instant t) {
        for (int i = 0; i < spans.size(); i++) {
            if (spans.get(i).holds(t)) {
                return i;
            }
        }
        return -1;
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) || b > a ? b : a;
    }

    /** JFR settings with only the events read here. */
    private static String settings() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration version="2.0" label="loomlab assess" description="what loomlab assess reads inside a service">
                %s  <event name="jdk.JavaThreadStatistics">
                    <setting name="enabled">true</setting>
                    <setting name="period">%s</setting>
                  </event>
                  <event name="jdk.ResidentSetSize">
                    <setting name="enabled">true</setting>
                    <setting name="period">%s</setting>
                  </event>
                  <event name="jdk.GarbageCollection">
                    <setting name="enabled">true</setting>
                    <setting name="threshold">0 ms</setting>
                  </event>
                </configuration>
                """.formatted(PinningScan.pinnedEvent(PINNED_THRESHOLD_MS * 1_000_000), PERIOD, PERIOD);
    }
}
