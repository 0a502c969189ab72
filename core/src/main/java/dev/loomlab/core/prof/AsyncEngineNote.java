package dev.loomlab.core.prof;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What an async-profiler profile says about how it sampled. For {@code cpu}, async-profiler 4.2 uses
 * perf events when the kernel lets this process open them and otherwise falls back, without a word, to
 * its {@code ctimer} timer (CPU time, no kernel frames) — so the engine it really used is read back from
 * the {@code jdk.ActiveSetting} named {@code engine} it writes into its JFR output. Seen on Linux with
 * {@code perf_event_paranoid=2}: a root process (which holds CAP_PERFMON) gets {@code perf_events},
 * another user's gets {@code ctimer}.
 */
final class AsyncEngineNote {
    private static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");

    private AsyncEngineNote() {
    }

    /** The note for a profile of {@code event} written to {@code jfr}; null when there is nothing to say. */
    static String of(String event, Path jfr, String wallInterval) {
        return switch (event) {
            case "cpu" -> cpu(engine(jfr), perfEventParanoid());
            case "wall" -> "wall: each platform thread sampled every " + wallInterval
                    + ", running or waiting; a virtual thread only while mounted on a carrier";
            default -> null;
        };
    }

    /** The note for {@code cpu} sampled by {@code engine} (null: not recorded) on a kernel with that paranoia level (null: unknown). */
    static String cpu(String engine, String paranoid) {
        String level = paranoid == null ? "" : " (perf_event_paranoid=" + paranoid + ")";
        if (engine == null) {
            return "cpu: the sampling engine is not recorded in the profile" + level;
        }
        return switch (engine) {
            case "perf_events" -> "cpu: perf events" + level;
            case "ctimer", "itimer" -> "cpu: perf events not allowed here" + level + ", timer mode (" + engine
                    + "): CPU time sampled without kernel frames";
            default -> "cpu: sampled by " + engine + level;
        };
    }

    /** The engine async-profiler recorded in its JFR output, or null when it recorded none (or JFR cannot read it). */
    static String engine(Path jfr) {
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (e.getEventType().getName().equals("jdk.ActiveSetting") && "engine".equals(e.getString("name"))) {
                    return e.getString("value");
                }
            }
            return null;
        } catch (IOException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** {@code /proc/sys/kernel/perf_event_paranoid}, or null where there is none (not Linux) or it cannot be read. */
    static String perfEventParanoid() {
        try {
            return Files.isReadable(PARANOID) ? Files.readString(PARANOID).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
