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

    /**
     * Starts a new recording.
     *
     * @throws IllegalStateException when JFR is disabled in this JVM (nothing is left behind)
     */
    public void start() {
        try {
            file = Files.createTempFile("loomlab-pinning-", ".jfr");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        recording = new Recording();
        try {
            recording.setName("loomlab-pinning");
            recording.enable(PinnedEvents.EVENT).withThreshold(Duration.ZERO).withStackTrace();
            recording.setDestination(file);
            recording.start();
        } catch (IOException | RuntimeException e) {
            recording.close();
            deleteFile();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
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
            deleteFile();
        }
    }

    private void deleteFile() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
