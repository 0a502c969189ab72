package dev.loomlab.core.model;

import java.util.List;
import java.util.OptionalInt;

/**
 * Contributes models, found through {@link java.util.ServiceLoader}: core's blocking models, and later
 * the Kotlin and Reactor modules' or a user's plugin.
 */
public interface ModelProvider {

    /** The model kinds this provider makes. */
    List<ModelKind> kinds();

    /**
     * One kind of model: its name, whether it takes a size ({@code platform:200}) and what it is.
     *
     * @param sized true when the name must be followed by {@code :N}
     * @param factory makes the model for a size (empty when not sized)
     * @param trialJvmArgs flags its trial JVMs need (e.g. {@code --enable-preview})
     */
    record ModelKind(String name, boolean sized, String description, Factory factory, List<String> trialJvmArgs) {
        public ModelKind(String name, boolean sized, String description, Factory factory) {
            this(name, sized, description, factory, List.of());
        }
    }

    /** Makes a model instance, given its size when the kind is sized. */
    @FunctionalInterface
    interface Factory {
        Model create(OptionalInt size);
    }
}
