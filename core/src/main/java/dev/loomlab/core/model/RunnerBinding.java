package dev.loomlab.core.model;

import java.util.Optional;
import java.util.function.Function;

/**
 * A model kind's runner for one form, as a provider registers it: any provider may add a runner to any
 * kind (the net module gives {@code virtual} an echo-server form; the Reactor module gives
 * {@code reactor} a fan-out form).
 *
 * @param kind    the model kind's name
 * @param factory makes the runner for a model of that kind; empty when this model has none (an unsized
 *                {@code platform} is a thread, not a pool)
 */
public record RunnerBinding<R>(String kind, Form<R> form, Function<Model, Optional<R>> factory) {

    /** A runner every model of the kind has. */
    public static <R> RunnerBinding<R> of(String kind, Form<R> form, Function<Model, R> factory) {
        return new RunnerBinding<>(kind, form, m -> Optional.of(factory.apply(m)));
    }

    /** A runner only sized models of the kind have. */
    public static <R> RunnerBinding<R> sized(String kind, Form<R> form, Function<Model, R> factory) {
        return new RunnerBinding<>(kind, form, m -> m.size().isPresent() ? Optional.of(factory.apply(m)) : Optional.empty());
    }
}
