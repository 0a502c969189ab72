package dev.loomlab.core.section;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one JSON configuration loomlab reads and writes with: compact, ordered, nulls kept, unknown fields
 * ignored. It is built here, below every package that holds results, so that {@link Sections} convert with
 * it; everything else takes it from {@code dev.loomlab.core.result.Json}.
 */
public final class JsonConfig {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setSerializationInclusion(JsonInclude.Include.ALWAYS)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false)
            .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);

    private JsonConfig() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
