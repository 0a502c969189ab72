package dev.loomlab.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.LinkedHashMap;
import java.util.Map;
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
public record Model(String name, String kind, OptionalInt size, ServingThread threads, OptionalInt concurrency) {

    /**
     * As results.jsonl spells it ({@code model_info}):
     * {@code {"name":"platform:200","kind":"platform","size":200,"threads":"platform","concurrency":200}},
     * size and concurrency left out when there is none.
     */
    @JsonValue
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("kind", kind);
        size.ifPresent(v -> m.put("size", v));
        m.put("threads", threads.header());
        concurrency.ifPresent(v -> m.put("concurrency", v));
        return m;
    }

    /** The model {@link #json} wrote; a missing size or concurrency is none. */
    @JsonCreator
    public static Model fromJson(Map<String, Object> m) {
        return new Model((String) m.get("name"), (String) m.get("kind"), optional(m.get("size")),
                ServingThread.ofHeader((String) m.get("threads")).orElse(ServingThread.PLATFORM), optional(m.get("concurrency")));
    }

    private static OptionalInt optional(Object value) {
        return value instanceof Number n ? OptionalInt.of(n.intValue()) : OptionalInt.empty();
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
