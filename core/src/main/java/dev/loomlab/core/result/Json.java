package dev.loomlab.core.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.core.section.JsonConfig;

/** The one JSON configuration loomlab reads and writes with: compact, ordered, nulls kept ({@link JsonConfig}). */
public final class Json {
    private Json() {
    }

    public static ObjectMapper mapper() {
        return JsonConfig.mapper();
    }
}
