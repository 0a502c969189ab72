package dev.loomlab.core.model;

import dev.loomlab.core.BadInputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The virtual-thread scheduler's settings a model name carries after its colon, joined to its size (if any) by
 * {@code ;}: {@code parallelism=4}, the carriers the scheduler keeps busy (its ForkJoinPool's target parallelism).
 * They become the trial JVM's {@code -Djdk.virtualThreadScheduler.*} flags, read once as the JVM starts; the model's
 * name keeps them, so that a sweep's results tell the settings apart.
 */
public record SchedulerSettings(Map<String, Integer> values) {
    /** The one setting: the scheduler's target parallelism. */
    public static final String PARALLELISM = "parallelism";
    /** The system property that carries each setting into the trial JVM. */
    public static final String PROPERTY_PREFIX = "-Djdk.virtualThreadScheduler.";
    /** The highest parallelism the JDK's ForkJoinPool takes (its {@code MAX_CAP}). */
    public static final int MAX_PARALLELISM = 0x7fff;

    public SchedulerSettings {
        values = Map.copyOf(values);
    }

    /**
     * The settings in {@code rest}, the model name's text after its colon; none when it has none.
     *
     * @throws BadInputException naming the model for an unknown setting, a repeated one or a value out of range
     */
    public static SchedulerSettings parse(String spec, String rest) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String part : rest.split(";")) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            if (!key.equals(PARALLELISM)) {
                throw new BadInputException("model " + spec.trim() + ": unknown scheduler setting '" + key + "' (settings: "
                        + PARALLELISM + ")");
            }
            int n;
            try {
                n = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new BadInputException("model " + spec.trim() + ": " + key + " '" + value + "' is not a whole number");
            }
            if (n < 1 || n > MAX_PARALLELISM) {
                throw new BadInputException("model " + spec.trim() + ": " + key + " must be 1 to " + MAX_PARALLELISM
                        + " (the JDK's limit), not " + n);
            }
            if (out.put(key, n) != null) {
                throw new BadInputException("model " + spec.trim() + ": " + key + " given twice");
            }
        }
        return new SchedulerSettings(out);
    }

    /** {@code rest} without its settings: the size, or empty. */
    static String withoutSettings(String rest) {
        List<String> kept = new ArrayList<>();
        for (String part : rest.split(";")) {
            if (!part.isBlank() && part.indexOf('=') < 0) {
                kept.add(part.trim());
            }
        }
        return String.join(";", kept);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** {@code name} with these settings: {@code virtual} → {@code virtual:parallelism=4}. */
    String appendedTo(String name) {
        String settings = String.join(";", values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
        return name + (name.indexOf(':') < 0 ? ":" : ";") + settings;
    }

    /** The trial JVM's flags: {@code -Djdk.virtualThreadScheduler.parallelism=4}. */
    public List<String> jvmArgs() {
        return values.entrySet().stream().map(e -> PROPERTY_PREFIX + e.getKey() + "=" + e.getValue()).toList();
    }
}
