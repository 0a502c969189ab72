package dev.loomlab.core.stats;

/**
 * The unit a metric's figures are in, and how a table writes a figure in it ({@link #with}). A metric's
 * name ends in its unit (docs/results.md); {@link #ofName} reads that ending for a metric nothing declares.
 */
public enum Unit {
    /** Milliseconds: {@code 83.8 ms}. */
    MS("ms", " ms"),
    /** Microseconds: {@code 2.10 µs}. */
    US("µs", " µs"),
    /** A percentage: {@code 41.5%}. */
    PCT("%", "%"),
    /** Per second of the span measured: {@code 23,872/s}. */
    PER_S("/s", "/s"),
    /** Mebibytes: {@code 35.2 MB}. */
    MB("MB", " MB"),
    /** Mebibytes per second: {@code 250 MB/s}. */
    MB_PER_S("MB/s", " MB/s"),
    /** Bytes: {@code 512 B}. */
    BYTES("bytes", " B"),
    /** Bytes per task: {@code 512 B per task}. */
    BYTES_PER_TASK("bytes per task", " B per task"),
    /** Bytes per thread: {@code 1,024 B per thread}. */
    BYTES_PER_THREAD("bytes per thread", " B per thread"),
    /** How many: the bare number. */
    COUNT("count", ""),
    /** 1 for yes, 0 for no: the bare number. */
    FLAG("1 or 0", "");

    private final String text;
    private final String suffix;

    Unit(String text, String suffix) {
        this.text = text;
        this.suffix = suffix;
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
     * The unit a metric's name ends in, by docs/results.md's rule: {@code _ms}, {@code _us}, {@code _pct},
     * {@code _mb}, {@code _mb_per_s}, {@code _per_s}, {@code _bytes}, {@code _bytes_per_task},
     * {@code _bytes_per_thread}; any other name is a count. Only for a metric no key declares.
     */
    public static Unit ofName(String name) {
        String n = "_" + name;
        if (n.endsWith("_bytes_per_task")) {
            return BYTES_PER_TASK;
        }
        if (n.endsWith("_bytes_per_thread")) {
            return BYTES_PER_THREAD;
        }
        if (n.endsWith("_mb_per_s")) {
            return MB_PER_S;
        }
        if (n.endsWith("_per_s")) {
            return PER_S;
        }
        if (n.endsWith("_ms")) {
            return MS;
        }
        if (n.endsWith("_us")) {
            return US;
        }
        if (n.endsWith("_pct")) {
            return PCT;
        }
        if (n.endsWith("_mb")) {
            return MB;
        }
        if (n.endsWith("_bytes")) {
            return BYTES;
        }
        return COUNT;
    }
}
