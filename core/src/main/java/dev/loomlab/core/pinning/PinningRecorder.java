package dev.loomlab.core.pinning;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;

/**
 * Records {@value PinnedEvents#EVENT} in this JVM with JFR, threshold 0 (every pinned event, however
 * short) and stack traces, between {@link #start} and {@link #stop}. Needs the {@code jdk.jfr} module.
 * {@link #close} ends a recording that was started and never stopped (an iteration that threw): no
 * recording and no file outlive it.
 */
public final class PinningRecorder implements AutoCloseable {
    private Recording recording;
    private Path file;

    /**
     * Starts a new recording; one still open from an earlier start is closed first.
     *
     * @throws IllegalStateException when JFR is disabled in this JVM (nothing is left behind)
     */
    public void start() {
        close();
        try {
            file = Files.createTempFile("loomlab-pinning-", ".jfr");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            recording = new Recording();
            recording.setName("loomlab-pinning");
            recording.enable(PinnedEvents.EVENT).withThreshold(Duration.ZERO).withStackTrace();
            recording.setDestination(file);
            recording.start();
        } catch (IOException | RuntimeException e) {
            close();
            deleteFile();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /**
     * Stops the recording and returns what it caught.
     *
     * @throws IllegalStateException when no recording was started
     */
    public PinnedEvents stop() {
        return stop(e -> true);
    }

    /**
     * Stops the recording and returns the events of it that {@code keep} accepts.
     *
     * @throws IllegalStateException when no recording was started
     */
    public PinnedEvents stop(Predicate<RecordedEvent> keep) {
        if (recording == null) {
            throw new IllegalStateException("no pinning recording was started");
        }
        try {
            recording.stop();
            return PinnedEvents.read(file, keep);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close();
        }
    }

    /**
     * When the recording in progress started, on JFR's clock, the one its events' start times are on: an
     * event that started earlier (a pin that began before {@link #start} and ended after it) is still in
     * the recording, and this tells it apart.
     *
     * @throws IllegalStateException when no recording was started
     */
    public Instant startTime() {
        if (recording == null) {
            throw new IllegalStateException("no pinning recording was started");
        }
        return recording.getStartTime();
    }

    /** True between {@link #start} and {@link #stop} or {@link #close}. */
    public boolean recording() {
        return recording != null;
    }

    /** Closes the recording in progress, if any, without reading it, and deletes its file. */
    @Override
    public void close() {
        if (recording != null) {
            try {
                recording.close();
            } finally {
                recording = null;
                deleteFile();
            }
        }
    }

    private void deleteFile() {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        } finally {
            file = null;
        }
    }
}
