package dev.loomlab.core.model;

/**
 * A model that cannot complete a workload (e.g. a pool that deadlocks itself). The trial records a
 * {@code failed} result with this message instead of hanging or calling it a crash.
 */
public class ModelFailure extends RuntimeException {
    public ModelFailure(String message) {
        super(message, null, false, false);
    }
}
