package dev.loomlab.load;

import dev.loomlab.core.model.ModelFailure;

/**
 * A load run that broke off once started — its engine's JVM died, a remote engine stopped answering, no outcome
 * came — so it measured nothing that can be trusted: the result is {@code failed} with this reason (in a trial too,
 * as any {@link ModelFailure}).
 */
public final class EngineFailure extends ModelFailure {
    public EngineFailure(String message) {
        super(message);
    }
}
