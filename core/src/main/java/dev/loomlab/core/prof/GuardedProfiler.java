package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import java.util.Map;

/**
 * The fail-safe frame every profiler runs in: what a profiler's {@link #start}, {@link #stop} or
 * {@link #write} throws is caught, recorded as the profile's error, and the profiler is {@link #discard}ed
 * and stays off; later calls do nothing, and {@link #finish} reports the profile missing.
 */
abstract class GuardedProfiler implements IterationProfiler {
    private final ProfilerSpec spec;
    private String error;
    private boolean running;
    private ProfileRecord finished;

    GuardedProfiler(ProfilerSpec spec) {
        this.spec = spec;
    }

    @Override
    public final ProfilerSpec spec() {
        return spec;
    }

    /** Starts profiling an iteration. */
    abstract void start() throws Exception;

    /** Stops profiling the iteration {@link #start} began; returns its metrics. */
    abstract Map<String, Double> stop() throws Exception;

    /** Writes the profile of the iterations stopped so far. */
    abstract ProfileRecord write() throws Exception;

    /** Releases what the profiler holds and deletes what it wrote; must not throw. */
    abstract void discard();

    /** How the profiler ran, for the record of a missing profile too; null when there is nothing to say. */
    String note() {
        return null;
    }

    /** Records a failure found outside the three steps (a library that would not load); the profiler stays off. */
    final void failed(String what, Throwable cause) {
        if (error == null) {
            error = what + " failed: " + describe(cause);
        }
        running = false;
        discard();
    }

    /** True once the profiler has failed. */
    final boolean hasFailed() {
        return error != null;
    }

    @Override
    public final void resume() {
        if (error != null || finished != null || running) {
            return;
        }
        try {
            start();
            running = true;
        } catch (Exception | LinkageError e) {
            failed("start", e);
        }
    }

    @Override
    public final Map<String, Double> pause() {
        if (!running) {
            return Map.of();
        }
        running = false;
        try {
            return stop();
        } catch (Exception | LinkageError e) {
            failed("stop", e);
            return Map.of();
        }
    }

    @Override
    public final ProfileRecord finish() {
        if (finished != null) {
            return finished;
        }
        pause();
        if (error == null) {
            try {
                finished = write();
            } catch (Exception | LinkageError e) {
                failed("writing the profile", e);
            }
        }
        if (error != null) {
            finished = ProfileRecord.missing(spec, note(), error);
        }
        return finished;
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + ": " + message.strip().replace('\n', ' ');
    }
}
