package dev.loomlab.core.model;

import java.util.List;

/**
 * Contributes model kinds and runners, found through {@link java.util.ServiceLoader}: core's models, the
 * Kotlin, Reactor, net and web modules', or a user's plugin.
 */
public interface ModelProvider {

    /** The model kinds this provider declares. */
    default List<ModelKind> kinds() {
        return List.of();
    }

    /** Runners this provider registers, for its own kinds or others'. */
    default List<RunnerBinding<?>> runners() {
        return List.of();
    }
}
