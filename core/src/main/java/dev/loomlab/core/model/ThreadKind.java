package dev.loomlab.core.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kind of a single thread, as the microbenchmark and memory scenarios compare them: not an
 * executor model but the thread itself. Named on the command line as the models {@code platform} and
 * {@code virtual}.
 */
public enum ThreadKind {
    PLATFORM,
    VIRTUAL;

    /** The model name: {@code platform} or {@code virtual}. */
    public String modelName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A builder of threads of this kind. */
    public Thread.Builder builder() {
        return this == PLATFORM ? Thread.ofPlatform() : Thread.ofVirtual();
    }

    /** The kind a model name stands for, or null when it names none. */
    public static ThreadKind find(String modelName) {
        for (ThreadKind k : values()) {
            if (k.modelName().equals(modelName.trim())) {
                return k;
            }
        }
        return null;
    }

    /** {@code platform, virtual}. */
    public static String names() {
        return Arrays.stream(values()).map(ThreadKind::modelName).collect(Collectors.joining(", "));
    }
}
