package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;

/**
 * One parameter a scenario accepts: its name, type, default, the smallest value allowed and what it
 * means. Parsing a text yields the canonical value: a {@code Long} count, a {@code Long} of
 * nanoseconds for a duration, a {@code Double}, or for a choice the {@code String} chosen.
 *
 * @param min smallest accepted value, in the parameter's own unit (count, nanoseconds or decimal)
 * @param max largest accepted value, same unit
 * @param choices the words a {@link ParamType#CHOICE} accepts, in the order listed; for a {@link ParamType#DECIMAL},
 *                the words it accepts besides a number (e.g. {@code max}); empty otherwise
 */
public record ParamSpec(String name, ParamType type, String defaultValue, double min, double max, String description,
                        java.util.List<String> choices) {

    public ParamSpec {
        choices = java.util.List.copyOf(choices);
    }

    /** A parameter of a numeric or duration type (no choices). */
    public ParamSpec(String name, ParamType type, String defaultValue, double min, double max, String description) {
        this(name, type, defaultValue, min, max, description, java.util.List.of());
    }

    /** One constant of the {@link Choice} enum {@code type}, by its word; {@code defaultValue} when not given. */
    public static <E extends Enum<E> & Choice> ParamSpec choice(String name, E defaultValue, String description) {
        return choice(name, defaultValue.word(), Choice.words(defaultValue.getDeclaringClass()), description);
    }

    /** One word of {@code choices}, e.g. a lock kind. */
    public static ParamSpec choice(String name, String defaultValue, java.util.List<String> choices, String description) {
        if (!choices.contains(defaultValue)) {
            throw new IllegalArgumentException(defaultValue + " is not one of " + choices);
        }
        return new ParamSpec(name, ParamType.CHOICE, defaultValue, 0, 0, description, choices);
    }

    public static ParamSpec count(String name, String defaultValue, long min, String description) {
        return new ParamSpec(name, ParamType.COUNT, defaultValue, min, Long.MAX_VALUE, description);
    }

    /** The number of tasks in one iteration: at least 1, small enough to index arrays. */
    public static ParamSpec tasks(String defaultValue) {
        return taskCount("tasks", defaultValue, "tasks per iteration");
    }

    /** A count of tasks under another name (e.g. {@code profiles}): at least 1, small enough to index arrays. */
    public static ParamSpec taskCount(String name, String defaultValue, String description) {
        return new ParamSpec(name, ParamType.COUNT, defaultValue, 1, Integer.MAX_VALUE - 8, description);
    }

    /** Free text, e.g. a class name; {@code ""} when not given and {@code defaultValue} is empty. */
    public static ParamSpec text(String name, String defaultValue, String description) {
        return new ParamSpec(name, ParamType.TEXT, defaultValue, 0, 0, description);
    }

    /** The name of {@link #others}. */
    public static final String OTHERS = "*";

    /**
     * Stands for every parameter a scenario does not declare: each is taken as text and handed to the
     * workload as given (a user's task declares its own).
     */
    public static ParamSpec others(String description) {
        return text(OTHERS, "", description);
    }

    /** CPUs in Linux's list form ({@code 0-1,4}); none when not given ({@link ParamValues#cpus}). */
    public static ParamSpec cpus(String name, String description) {
        return new ParamSpec(name, ParamType.CPUS, "", 0, 0, description);
    }

    public static ParamSpec duration(String name, String defaultValue, String description) {
        return new ParamSpec(name, ParamType.DURATION, defaultValue, 0, Long.MAX_VALUE, description);
    }

    public static ParamSpec decimal(String name, String defaultValue, double min, double max, String description) {
        return new ParamSpec(name, ParamType.DECIMAL, defaultValue, min, max, description);
    }

    /** A decimal that also takes one of {@code words} instead of a number, e.g. {@code rate=max}. */
    public static ParamSpec decimalOr(String name, String defaultValue, double min, double max, java.util.List<String> words,
                                      String description) {
        return new ParamSpec(name, ParamType.DECIMAL, defaultValue, min, max, description, words);
    }

    /** Parses and range-checks one value of this parameter: a word a decimal takes is returned as that word. */
    public Object parse(String text) {
        String what = "parameter " + name;
        if (type == ParamType.TEXT) {
            return text.trim();
        }
        if (type == ParamType.CPUS) {
            // empty: none given; a list is held in its shortest form, so 1,0 and 0-1 are one value
            return text.isBlank() ? "" : CpuList.parse(what, text).toString();
        }
        if (type == ParamType.DECIMAL && choices.contains(text.trim())) {
            return text.trim();
        }
        if (type == ParamType.CHOICE) {
            String word = text.trim();
            if (!choices.contains(word)) {
                throw new BadInputException(what + ": '" + text + "' is not one of " + String.join(", ", choices));
            }
            return word;
        }
        Object value = switch (type) {
            case COUNT -> Units.parseCount(what, text);
            case DURATION -> Units.parseDurationNanos(what, text);
            case DECIMAL -> Units.parseDecimal(what, text);
            case CHOICE, TEXT, CPUS -> throw new AssertionError(type);
        };
        double v = ((Number) value).doubleValue();
        if (v < min) {
            throw new BadInputException(what + ": '" + text + "' is below the minimum " + format(min));
        }
        if (v > max) {
            throw new BadInputException(what + ": '" + text + "' is above the maximum " + format(max));
        }
        return value;
    }

    /** The canonical text of a parsed value: {@code 10000}, {@code 300ms}, {@code 0.05}. */
    public String canonical(Object value) {
        return switch (type) {
            case COUNT -> Long.toString((Long) value);
            case DURATION -> Units.formatDuration((Long) value);
            case DECIMAL -> value instanceof String word ? word : stripZeros((Double) value);
            case CHOICE, TEXT, CPUS -> (String) value;
        };
    }

    /** The value as it goes into result JSON: numbers for counts and decimals, text for durations, choices and words. */
    public Object json(Object value) {
        return type == ParamType.DURATION ? canonical(value) : value;
    }

    private String format(double bound) {
        return type == ParamType.DURATION ? Units.formatDuration((long) bound) : stripZeros(bound);
    }

    private static String stripZeros(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
