package dev.loomlab.core.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.OptionalInt;

/**
 * A model as a value: how tasks are run, as each result records it and bounds read it. What it can run
 * is not here but in its runners, one per {@link Form} ({@link Runners}).
 *
 * @param name        as the CLI and results spell it, e.g. {@code platform:200}
 * @param kind        the kind without its size, e.g. {@code platform}
 * @param size        the size given after the colon; empty for an unsized model
 * @param threads     the kind of thread a task runs on
 * @param concurrency how many tasks can run at once; empty when the model does not limit it
 */
@JsonPropertyOrder({"name", "kind", "size", "threads", "concurrency"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Model(String name, String kind, @JsonIgnore OptionalInt size, @JsonIgnore ServingThread threads,
                    @JsonIgnore OptionalInt concurrency) {

    /** The size, for the JSON; null when unsized. */
    @JsonProperty("size")
    Integer sizeOrNull() {
        return size.isPresent() ? size.getAsInt() : null;
    }

    /** {@code virtual}, {@code platform} or {@code event-loop}, for the JSON. */
    @JsonProperty("threads")
    String threadsName() {
        return threads.header();
    }

    /** The limit, for the JSON; null when unlimited. */
    @JsonProperty("concurrency")
    Integer concurrencyOrNull() {
        return concurrency.isPresent() ? concurrency.getAsInt() : null;
    }

    /** The limit, or {@link Integer#MAX_VALUE} when the model has none. */
    public int limit() {
        return concurrency.orElse(Integer.MAX_VALUE);
    }

    /** The size of a sized model. */
    public int requireSize() {
        return size.orElseThrow(() -> new IllegalStateException("model " + name + " has no size"));
    }

    @Override
    public String toString() {
        return name;
    }
}
