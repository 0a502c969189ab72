package dev.loomlab.core.section;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The sections of a result or an iteration, in the order they were set or read: field name → value. A value set
 * in code keeps its type; a value read from JSON is kept as JSON and converted when a {@link ResultSection} first
 * reads it, so a section that no module of this reader declares is written back as it was read. Immutable.
 */
public final class Sections {
    /** No sections. */
    public static final Sections NONE = new Sections(Map.of());

    private final Map<String, Entry> entries;

    private Sections(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** Sections holding only {@code key}'s {@code value}. */
    public static <T> Sections of(ResultSection<T> key, T value) {
        return NONE.with(key, value);
    }

    /**
     * These sections with {@code key} set to {@code value}, in place of what they held under its name. A value that
     * is none (null, an empty list) is left out, or kept as a written {@code null} for a {@link ResultSection#nullable}
     * key.
     */
    public <T> Sections with(ResultSection<T> key, T value) {
        Map<String, Entry> out = new LinkedHashMap<>(entries);
        if (!key.absent(value)) {
            out.put(key.name(), Entry.typed(key, value));
        } else if (key.writesNull()) {
            out.put(key.name(), Entry.typed(key, null));
        } else {
            out.remove(key.name());
        }
        return new Sections(out);
    }

    /** These sections with each of {@code others}' in place of what these hold under its name. */
    public Sections with(Sections others) {
        if (others.entries.isEmpty()) {
            return this;
        }
        Map<String, Entry> out = new LinkedHashMap<>(entries);
        out.putAll(others.entries);
        return new Sections(out);
    }

    /** These sections with the JSON {@code value} under {@code name} (a section pooled or read as JSON). */
    public Sections withJson(String name, JsonNode value) {
        Map<String, Entry> out = new LinkedHashMap<>(entries);
        out.put(name, Entry.json(value == null ? NullNode.getInstance() : value));
        return new Sections(out);
    }

    /** The section's value, empty when absent. */
    public <T> Optional<T> get(ResultSection.Value<T> key) {
        return Optional.ofNullable(value(key));
    }

    /** The section's list, empty when absent. */
    public <E> List<E> get(ResultSection.ListOf<E> key) {
        List<E> list = value(key);
        return list == null ? List.of() : List.copyOf(list);
    }

    private <T> T value(ResultSection<T> key) {
        Entry e = entries.get(key.name());
        return e == null ? null : e.as(key);
    }

    /** The names of the sections held, in order. */
    public Set<String> names() {
        return entries.keySet();
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The section {@code name} as it is written; null when there is none. */
    public JsonNode json(String name) {
        Entry e = entries.get(name);
        return e == null ? null : e.json();
    }

    /** Every section as it is written, in order. */
    @JsonValue
    public ObjectNode json() {
        ObjectNode out = JsonConfig.mapper().createObjectNode();
        entries.forEach((name, e) -> out.set(name, e.json()));
        return out;
    }

    /** Every field of {@code fields} as a section, kept as JSON. */
    @JsonCreator
    public static Sections read(ObjectNode fields) {
        Map<String, Entry> out = new LinkedHashMap<>();
        fields.properties().forEach(f -> out.put(f.getKey(), Entry.json(f.getValue())));
        return new Sections(out);
    }

    /**
     * Converts each of {@code keys} that these sections hold, so that a section of the wrong shape is found where
     * it is read (a line of results.jsonl) rather than where it is rendered.
     *
     * @throws IOException naming the section that is not of its key's shape
     */
    public void check(Collection<? extends ResultSection<?>> keys) throws IOException {
        for (ResultSection<?> key : keys) {
            Entry e = entries.get(key.name());
            if (e != null) {
                try {
                    e.convert(key);
                } catch (IOException wrongShape) {
                    String why = wrongShape instanceof JsonProcessingException j ? j.getOriginalMessage() : wrongShape.getMessage();
                    throw new IOException("\"" + key.name() + "\" has the wrong shape: " + why, wrongShape);
                }
            }
        }
    }

    /**
     * Equal when they hold the same sections written alike, in any order: a section set in code equals the same
     * section read from its line.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Sections other && written().equals(other.written());
    }

    @Override
    public int hashCode() {
        return written().hashCode();
    }

    private Map<String, String> written() {
        Map<String, String> out = new HashMap<>();
        entries.forEach((name, e) -> out.put(name, e.json().toString()));
        return out;
    }

    @Override
    public String toString() {
        return json().toString();
    }

    /** One section: a typed value (its key known) or JSON, converted for the key that reads it and kept so. */
    private static final class Entry {
        private final ResultSection<?> key;
        private final Object value;
        private final JsonNode json;
        private volatile Converted cache;

        private record Converted(ResultSection<?> key, Object value) {
        }

        private Entry(ResultSection<?> key, Object value, JsonNode json) {
            this.key = key;
            this.value = value;
            this.json = json;
        }

        static Entry typed(ResultSection<?> key, Object value) {
            return new Entry(key, value, null);
        }

        static Entry json(JsonNode json) {
            return new Entry(null, null, json);
        }

        /** The section as written (a node the caller must not change). */
        JsonNode json() {
            if (json != null) {
                return json;
            }
            return value == null ? NullNode.getInstance() : JsonConfig.mapper().valueToTree(value);
        }

        @SuppressWarnings("unchecked")
        <T> T as(ResultSection<T> reader) {
            try {
                return (T) convert(reader);
            } catch (IOException e) {
                throw new IllegalArgumentException("section " + reader.name() + ": " + e.getMessage(), e);
            }
        }

        Object convert(ResultSection<?> reader) throws IOException {
            if (json == null && reader.equals(key)) {
                return value;
            }
            Converted c = cache;
            if (c != null && c.key().equals(reader)) {
                return c.value();
            }
            // A reader of another type than the writer's agrees with it on the JSON only.
            Object converted = reader.read(json());
            cache = new Converted(reader, converted);
            return converted;
        }
    }
}
