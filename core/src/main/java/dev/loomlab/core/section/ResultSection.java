package dev.loomlab.core.section;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.type.TypeFactory;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * The key of a result section: a typed value that one feature adds to a result (or to an iteration) under its
 * own field name in {@code results.jsonl}, declared by the module that owns the feature, e.g.
 * {@code ResultSection.list("capacity", CapacitySearch.class)}. A result reads it with {@code result.section(KEY)}
 * and a builder sets it with {@code builder.section(KEY, value)}; no registry of keys exists, so a section
 * read from JSON stays JSON until a key first asks for it ({@link Sections}).
 *
 * @param <T> the type of the value a result holds under this key
 */
public abstract sealed class ResultSection<T> permits ResultSection.Value, ResultSection.ListOf {
    private final String name;
    private final JavaType type;

    private ResultSection(String name, JavaType type) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a section needs a field name");
        }
        this.name = name;
        this.type = type;
    }

    /** A section left out of the JSON when it has no value. */
    public static <T> Value<T> value(String name, Class<T> type) {
        return new Value<>(name, TypeFactory.defaultInstance().constructType(type), false);
    }

    /**
     * A section written as {@code null} when it was set to no value, as the contract writes the fields every
     * result of a trial carries ({@code gc_collector}); still left out when it was never set.
     */
    public static <T> Value<T> nullable(String name, Class<T> type) {
        return new Value<>(name, TypeFactory.defaultInstance().constructType(type), true);
    }

    /**
     * A list that a result has or has not: {@code []} is a value (e.g. "nothing pinned"), {@code null} is none
     * (written as {@code null} when set so, as {@link #nullable}).
     */
    public static <E> Value<List<E>> nullableList(String name, Class<E> element) {
        return new Value<>(name, TypeFactory.defaultInstance().constructCollectionType(List.class, element), true);
    }

    /** A list section: left out of the JSON when empty, an empty list when absent. */
    public static <E> ListOf<E> list(String name, Class<E> element) {
        return new ListOf<>(name, TypeFactory.defaultInstance().constructCollectionType(List.class, element));
    }

    /** The field name in JSON, e.g. {@code capacity}. */
    public final String name() {
        return name;
    }

    /** True when {@code value} is no value of this section: it is then left out, or written as null. */
    abstract boolean absent(T value);

    /** True when an absent value set on purpose is written as {@code null} rather than left out. */
    abstract boolean writesNull();

    /** {@code node} as this section's value; null for a JSON null. */
    final T read(JsonNode node) throws IOException {
        if (node == null || node.isNull()) {
            return null;
        }
        return JsonConfig.mapper().readerFor(type).readValue(node);
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof ResultSection<?> other && getClass() == other.getClass() && name.equals(other.name)
                && type.equals(other.type);
    }

    @Override
    public final int hashCode() {
        return Objects.hash(name, type);
    }

    @Override
    public final String toString() {
        return name;
    }

    /** A section that holds one value or none ({@code result.section(KEY)} is an {@link java.util.Optional}). */
    public static final class Value<T> extends ResultSection<T> {
        private final boolean writesNull;

        private Value(String name, JavaType type, boolean writesNull) {
            super(name, type);
            this.writesNull = writesNull;
        }

        @Override
        boolean absent(T value) {
            return value == null;
        }

        @Override
        boolean writesNull() {
            return writesNull;
        }
    }

    /** A section that holds a list, empty when absent ({@code result.section(KEY)} is the list). */
    public static final class ListOf<E> extends ResultSection<List<E>> {
        private ListOf(String name, JavaType type) {
            super(name, type);
        }

        @Override
        boolean absent(List<E> value) {
            return value == null || value.isEmpty();
        }

        @Override
        boolean writesNull() {
            return false;
        }
    }
}
