package dev.loomlab.core.outcome;

import org.HdrHistogram.Histogram;

import java.util.function.IntSupplier;

/**
 * Told as a trial moves through its iterations. Inside a trial JVM the executor also hands it what a
 * live view may read (the iteration's task counters, its latencies); in the loomlab process it receives
 * what the trial streamed of those.
 */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = (phase, done, total) -> {
    };

    /**
     * @param phase {@code warmup}, {@code calibrate} or {@code measure}
     * @param done iterations of this phase finished
     * @param total iterations of this phase
     */
    void progress(String phase, int done, int total);

    /**
     * An iteration of tasks is about to start; called just before its timed span, never inside it.
     *
     * @param completed tasks of this iteration finished so far, read from counters the trial keeps anyway
     * @param failed    tasks of this iteration that failed so far
     */
    default void iterationStarts(IntSupplier completed, IntSupplier failed) {
    }

    /** A measured iteration's task latencies, ns; called after its timed span. */
    default void iterationLatencies(Histogram nanos) {
    }

    /** What the trial JVM streamed about itself (only when the run is watched live). */
    default void live(LiveSample sample) {
    }
}
