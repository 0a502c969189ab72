package dev.loomlab.core.fanout;

import dev.loomlab.core.model.Model;

import java.util.Optional;

/**
 * Contributes fan-out forms of models, found through {@link java.util.ServiceLoader}: core's Java
 * models, and the Reactor, Kotlin and structured-concurrency modules' own.
 */
public interface FanoutProvider {

    /** The fan-out form of {@code model}, if this provider has one. */
    Optional<FanoutModel> of(Model model, SimulatedUserService service);
}
