package dev.loomlab.core.outcome;

/** Told as a trial moves through its iterations. */
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
}
