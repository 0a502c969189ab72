package dev.loomlab.core.fanout;

import dev.loomlab.core.model.ModelFailure;

/**
 * A pool whose threads all wait for work queued behind them — it can never finish. The trial reports it
 * as a failed result with this message rather than hang.
 */
public final class StarvationDeadlockException extends ModelFailure {
    public StarvationDeadlockException(String message) {
        super(message);
    }
}
