package dev.loomlab.prof;

import dev.loomlab.core.prof.JfrEvents;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/** Records known work in this JVM as {@code --prof jfr} does: JFR's {@code profile} settings plus {@link JfrEvents}. */
final class Recordings {
    private Recordings() {
    }

    @FunctionalInterface
    interface Work {
        void run() throws Exception;
    }

    /** Records {@code work} into {@code dir/name.jfr}. */
    static Path record(Path dir, String name, Work work) throws Exception {
        Path jfr = dir.resolve(name + ".jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            Map<String, String> settings = new HashMap<>(r.getSettings());
            settings.putAll(JfrEvents.settings());
            r.setSettings(settings);
            r.start();
            work.run();
            r.stop();
            r.dump(jfr);
        }
        return jfr;
    }

    /** The events of the recording that {@code keep} accepts, read with the JDK's own reader. */
    static List<RecordedEvent> events(Path jfr, Predicate<RecordedEvent> keep) throws Exception {
        List<RecordedEvent> out = new ArrayList<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (keep.test(e)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    /** Waits, 10 s at most, until {@code done}; fails when it never is. */
    static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(1);
        }
    }

    /** A busy loop of pure arithmetic for at least {@code millis}; its result keeps it from being optimised away. */
    static double spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double sum = 0;
        long i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 100_000; k++) {
                sum += Math.sqrt(++i);
            }
        }
        return sum;
    }
}
