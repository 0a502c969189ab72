package dev.loomlab.core.pinning;

import jdk.jfr.Recording;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Records {@value PinnedEvents#EVENT} in this JVM with JFR, threshold 0 (every pinned event, however
 * short) and stack traces, between {@link #start} and {@link #stop}. Needs the {@code jdk.jfr} module.
 */
public final class PinningRecorder {
    private Recording recording;
    private Path file;

    /** Starts a new recording. */
    public void start() {
        try {
            file = Files.createTempFile("loomlab-pinning-", ".jfr");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        recording = new Recording();
        recording.setName("loomlab-pinning");
        recording.enable(PinnedEvents.EVENT).withThreshold(Duration.ZERO).withStackTrace();
        try {
            recording.setDestination(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        recording.start();
    }

    /** Stops the recording and returns what it caught. */
    public PinnedEvents stop() {
        try {
            recording.stop();
            return PinnedEvents.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            recording.close();
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }
}
