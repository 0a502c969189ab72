package dev.loomlab.core.model;

import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * One kind of model — its name, whether it takes a size, the threads its tasks run on and how many at
 * once — as a provider declares it. {@link ModelCatalog} turns a name such as {@code platform:200} into a
 * {@link Model} value of this kind.
 *
 * @param concurrency the limit a model of this kind has, given its size (empty: unlimited)
 * @param trialJvmArgs flags its trial JVMs need (e.g. {@code --enable-preview})
 */
public record ModelKind(String name, Sizing sizing, ServingThread threads, String description,
                        Function<OptionalInt, OptionalInt> concurrency, List<String> trialJvmArgs) {

    /** A kind whose limit is its size ({@code platform:200} runs 200 at once; unsized, no limit). */
    public static ModelKind of(String name, Sizing sizing, ServingThread threads, String description) {
        return new ModelKind(name, sizing, threads, description, size -> size, List.of());
    }

    /** This kind with a fixed limit whatever its size, e.g. Dispatchers.IO's 64 threads. */
    public ModelKind limitedTo(int limit) {
        return new ModelKind(name, sizing, threads, description, size -> OptionalInt.of(limit), trialJvmArgs);
    }

    /** This kind with flags its trial JVMs need. */
    public ModelKind withTrialJvmArgs(List<String> args) {
        return new ModelKind(name, sizing, threads, description, concurrency, List.copyOf(args));
    }

    /** The model of this kind with {@code size}. */
    Model model(OptionalInt size) {
        String full = size.isPresent() ? name + ":" + size.getAsInt() : name;
        return new Model(full, name, size, threads, concurrency.apply(size));
    }
}
