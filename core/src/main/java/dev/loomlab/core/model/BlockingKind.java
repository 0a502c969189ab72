package dev.loomlab.core.model;

import java.util.function.Function;

/**
 * A blocking model kind as one value: its name, sizing, threads, description and how it makes the
 * runner of a model of that kind — what {@link CoreModels} lists, one line per kind.
 */
public record BlockingKind(String name, Sizing sizing, ServingThread threads, String description,
                           Function<Model, BlockingRunner> factory) implements BlockingModel {

    @Override
    public BlockingRunner runner(Model model) {
        return factory.apply(model);
    }
}
