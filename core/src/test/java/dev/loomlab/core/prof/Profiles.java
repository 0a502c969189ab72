package dev.loomlab.core.prof;

import jdk.jfr.consumer.RecordedEvent;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import jdk.jfr.consumer.RecordedFrame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a profile the way the tests need it: its events, and which of them have a method on their stack. */
final class Profiles {
    private Profiles() {
    }

    /**
     * Every event of the recording, chunk by chunk: each chunk is read as a recording of its own, as
     * async-profiler's converter does. JDK's parser, given a file of several chunks, carries constants
     * from one chunk to the next by id, which suits the JDK's own recordings (their ids are unique in the
     * JVM) but not async-profiler's: it names the stacks of a later chunk after an earlier chunk's.
     */
    static List<RecordedEvent> events(Path jfr) throws IOException {
        List<RecordedEvent> events = new ArrayList<>();
        JfrChunks.forEachEvent(jfr, events::add);
        return events;
    }

    /** How many events of type {@code type} have a frame of {@code method} (a method of {@link Work} …) on their stack. */
    static long withMethod(List<RecordedEvent> events, String type, String method) {
        return events.stream().filter(e -> e.getEventType().getName().equals(type)).filter(e -> onStack(e, method)).count();
    }

    static long ofType(List<RecordedEvent> events, String type) {
        return events.stream().filter(e -> e.getEventType().getName().equals(type)).count();
    }

    private static boolean onStack(RecordedEvent e, String method) {
        if (e.getStackTrace() == null) {
            return false;
        }
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
            if (f.getMethod() != null && f.getMethod().getName().equals(method)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The samples async-profiler's converter finds with a frame of {@code method} on their stack, from its
     * collapsed output (one line per stack: frames, a space, the count).
     *
     * @param options the converter's event option ({@code --cpu}, {@code --wall} …), or none for its default
     */
    static long convertedWithMethod(Path jfr, String method, String... options) throws IOException {
        Path collapsed = Files.createTempFile("loomlab-collapsed-", ".txt");
        try {
            List<String> args = new ArrayList<>(List.of("-o", "collapsed"));
            args.addAll(List.of(options));
            JfrToFlame.convert(jfr.toString(), collapsed.toString(), new Arguments(args.toArray(String[]::new)));
            long samples = 0;
            for (String line : Files.readAllLines(collapsed)) {
                int space = line.lastIndexOf(' ');
                for (String frame : line.substring(0, space).split(";")) {
                    // a frame is class.method, with _[j], _[i] … after it for compiled, inlined … code
                    if (frame.replaceFirst("_\\[.]$", "").endsWith("." + method)) {
                        samples += Long.parseLong(line.substring(space + 1));
                        break;
                    }
                }
            }
            return samples;
        } finally {
            Files.deleteIfExists(collapsed);
        }
    }

    /** The value of the first {@code jdk.ActiveSetting} named {@code name}, or null. */
    static String activeSetting(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals("jdk.ActiveSetting"))
                .filter(e -> name.equals(e.getString("name"))).map(e -> e.getString("value")).findFirst().orElse(null);
    }
}
