package dev.loomlab.core.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The unit a metric's figures are in, and how a table writes a figure in it ({@link #with}). A metric's
 * name ends in its unit (docs/results.md); {@link #ofName} reads that ending for a metric nothing declares.
 */
public enum Unit {
    /** Milliseconds: {@code 83.8 ms}. */
    MS("ms", " ms", "_ms"),
    /** Microseconds: {@code 2.10 µs}. */
    US("µs", " µs", "_us"),
    /** A percentage: {@code 41.5%}. */
    PCT("%", "%", "_pct"),
    /** Per second of the span measured: {@code 23,872/s}. */
    PER_S("/s", "/s", "_per_s"),
    /** Mebibytes: {@code 35.2 MB}. */
    MB("MB", " MB", "_mb"),
    /** Mebibytes per second: {@code 250 MB/s}. */
    MB_PER_S("MB/s", " MB/s", "_mb_per_s"),
    /** Bytes: {@code 512 B}. */
    BYTES("bytes", " B", "_bytes"),
    /** Bytes per task: {@code 512 B per task}. */
    BYTES_PER_TASK("bytes per task", " B per task", "_bytes_per_task"),
    /** Bytes per thread: {@code 1,024 B per thread}. */
    BYTES_PER_THREAD("bytes per thread", " B per thread", "_bytes_per_thread"),
    /** How many: the bare number; the unit of a name with none of the other endings. */
    COUNT("count", "", null),
    /** 1 for yes, 0 for no: the bare number. No name ending says it: a flag is always declared. */
    FLAG("1 or 0", "", null);

    private final String text;
    private final String suffix;
    private final String ending;

    Unit(String text, String suffix, String ending) {
        this.text = text;
        this.suffix = suffix;
        this.ending = ending;
    }

    /** The unit in words, as docs/results.md names it: {@code ms}, {@code %}, {@code bytes per task}, {@code count}. */
    public String text() {
        return text;
    }

    /** {@code number}, already formatted, followed by this unit as tables write it: {@code 83.8 ms}, {@code 41.5%}. */
    public String with(String number) {
        return number + suffix;
    }

    /** True when tables write a figure in this unit as the bare number (counts, flags). */
    public boolean bare() {
        return suffix.isEmpty();
    }

    /**
     * The unit a metric's name ends in, by docs/results.md's rule: the longest of the units' endings the name
     * ends in ({@code _mb_per_s} before {@code _per_s}); any other name is a count. Only for a metric no key
     * declares.
     */
    public static Unit ofName(String name) {
        String n = "_" + name;
        return Arrays.stream(values()).filter(u -> u.ending != null && n.endsWith(u.ending))
                .max(Comparator.comparingInt(u -> u.ending.length())).orElse(COUNT);
    }
}
