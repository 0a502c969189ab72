package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import jdk.jfr.Configuration;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --prof jfr}: a JFR recording of each measured iteration, with the JDK's {@code profile}
 * settings and {@link JfrEvents} over them, started just before the timed span and stopped just after
 * it; at the end the iterations' recordings are concatenated into one {@code .jfr} (a JFR file is a
 * sequence of self-contained chunks, so the result reads as one recording). JFR itself starts with a
 * throwaway recording when this profiler is made, before the warm-up, so that its threads and classes
 * are not started in front of the first measured iteration.
 */
final class JfrProfiler extends GuardedProfiler {
    private final Path target;
    private final List<Path> parts = new ArrayList<>();
    private Map<String, String> settings;
    private Path work;
    private Recording recording;
    private Path part;
    private boolean written;

    JfrProfiler(Path target) {
        super(ProfilerSpec.jfr());
        this.target = target;
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            failed("starting JFR", new IllegalStateException("this JVM has no jdk.jfr module"));
            return;
        }
        try {
            if (!FlightRecorder.isAvailable()) {
                throw new IllegalStateException("JFR is disabled in this JVM");
            }
            Map<String, String> s = new HashMap<>(Configuration.getConfiguration("profile").getSettings());
            s.putAll(JfrEvents.settings());
            settings = s;
            work = Files.createTempDirectory("loomlab-jfr-");
            try (Recording warmUp = new Recording()) {
                warmUp.start();
                warmUp.stop();
            }
        } catch (Exception | LinkageError e) {
            failed("starting JFR", e);
        }
    }

    @Override
    void start() throws Exception {
        part = work.resolve("iteration-" + (parts.size() + 1) + ".jfr");
        recording = new Recording(settings);
        recording.setName("loomlab-prof-jfr");
        recording.setToDisk(true);
        recording.setDestination(part);
        recording.start();
    }

    @Override
    Map<String, Double> stop() {
        try {
            recording.stop();
        } finally {
            recording.close();
            recording = null;
        }
        parts.add(part);
        return Map.of();
    }

    @Override
    ProfileRecord write() throws Exception {
        if (parts.isEmpty()) {
            throw new IllegalStateException("no measured iteration was recorded");
        }
        written = true;
        ProfileFiles.concatenate(parts, target);
        ProfileFiles.deleteTree(work);
        return ProfileRecord.written(spec(), List.of(target.getFileName().toString()), null);
    }

    @Override
    void discard() {
        if (recording != null) {
            try {
                recording.close();
            } catch (RuntimeException ignored) {
                // closing is all that is left to do
            }
            recording = null;
        }
        ProfileFiles.deleteTree(work);
        if (written) {
            ProfileFiles.deleteQuietly(target);
        }
    }
}
