package dev.loomlab.core.model;

import java.util.List;

/**
 * A model of blocking style in one class: its kind and its runner. Registered as a {@link ModelProvider}
 * in {@code META-INF/services/dev.loomlab.core.model.ModelProvider}, it runs every blocking workload.
 */
public interface BlockingModel extends ModelProvider {

    /** The kind's name, e.g. {@code platform-cached}. */
    String name();

    /** What it is, in one line, as {@code loomlab list models} shows it. */
    String description();

    /** The kind of thread its tasks run on. */
    default ServingThread threads() {
        return ServingThread.PLATFORM;
    }

    default Sizing sizing() {
        return Sizing.NONE;
    }

    /** The runner of one model of this kind (its size, when sized, in {@code model.size()}). */
    BlockingRunner runner(Model model);

    @Override
    default List<ModelKind> kinds() {
        return List.of(ModelKind.of(name(), sizing(), threads(), description()));
    }

    @Override
    default List<RunnerBinding<?>> runners() {
        return List.of(sizing() == Sizing.OPTIONAL
                ? RunnerBinding.sized(name(), Form.BLOCKING, this::runner)
                : RunnerBinding.of(name(), Form.BLOCKING, this::runner));
    }
}
