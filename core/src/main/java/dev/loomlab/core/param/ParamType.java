package dev.loomlab.core.param;

/** The kind of value a scenario parameter takes, which decides how its text is parsed and written. */
public enum ParamType {
    /** A whole number with optional k/M/G suffix; written to JSON as a number. */
    COUNT,
    /** A duration with a unit (ns … h); held in nanoseconds, written to JSON as its shortest text. */
    DURATION,
    /** A decimal number or percentage; written to JSON as a number. */
    DECIMAL,
    /** One word of a fixed set (e.g. a lock kind); written to JSON as text. */
    CHOICE,
    /** Any text without a comma (a class name, a class path); written to JSON as text. */
    TEXT,
    /**
     * CPUs in Linux's list form ({@code 0-1,4}), or empty for none given; written to JSON as text. Its commas are the
     * list's own, so it is never split into a sweep.
     */
    CPUS
}
