package dev.loomlab.core.pinning;

import dev.loomlab.core.outcome.PinnedStack;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The {@value #EVENT} events of a JFR recording file: how many, their total duration and their stacks.
 * Recordings of any JDK from 21 on can be read (JFR's file format is backward compatible).
 *
 * @param events pinned events in the recording
 * @param timeMs their total duration, ms
 * @param stacks every distinct stack with its count and time, most events first
 */
public record PinnedEvents(long events, double timeMs, List<PinnedStack> stacks) {
    /** JFR's event for a virtual thread that blocked (parked, and from JDK 24 any blocking) while pinned. */
    public static final String EVENT = "jdk.VirtualThreadPinned";
    /** The suffix the JVM gives hidden classes and lambda forms ({@code +0x…}, {@code /0x…}, {@code .0x…}). */
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile("[+/.]0x[0-9a-fA-F]+(\\.\\d+)?");

    /** Reads the pinned events of the recording at {@code jfr}; other events are ignored. */
    public static PinnedEvents read(Path jfr) throws IOException {
        return read(jfr, e -> true);
    }

    /** Reads the pinned events of the recording at {@code jfr} that {@code keep} accepts; other events are ignored. */
    public static PinnedEvents read(Path jfr, Predicate<RecordedEvent> keep) throws IOException {
        long events = 0;
        long nanos = 0;
        // Per distinct stack: events and nanoseconds, summed while reading (a program may pin millions of times).
        Map<List<String>, long[]> byStack = new HashMap<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (!e.getEventType().getName().equals(EVENT) || !keep.test(e)) {
                    continue;
                }
                long duration = e.getDuration().toNanos();
                events++;
                nanos += duration;
                long[] sums = byStack.computeIfAbsent(frames(e.getStackTrace()), f -> new long[2]);
                sums[0]++;
                sums[1] += duration;
            }
        }
        List<PinnedStack> stacks = new ArrayList<>();
        byStack.forEach((frames, sums) -> stacks.add(new PinnedStack(sums[0], sums[1] / 1e6, frames)));
        return new PinnedEvents(events, nanos / 1e6, PinnedStack.top(stacks, Integer.MAX_VALUE));
    }

    /** The frames of {@code trace}, innermost first, each as {@link #frame}; none for a missing trace. */
    public static List<String> frames(RecordedStackTrace trace) {
        if (trace == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (RecordedFrame f : trace.getFrames()) {
            out.add(frame(f.getMethod().getType().getName(), f.getMethod().getName(), f.getLineNumber()));
        }
        return out;
    }

    /** {@code class.method:line}, hidden-class suffixes removed; {@code :line} only when known (a {@code line} above 0). */
    public static String frame(String type, String method, int line) {
        String name = HIDDEN_SUFFIX.matcher(type).replaceAll("") + "." + method;
        return line > 0 ? name + ":" + line : name;
    }
}
