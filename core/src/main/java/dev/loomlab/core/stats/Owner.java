package dev.loomlab.core.stats;

/** Whose figure a metric is: which process or thing it was measured of. */
public enum Owner {
    /** The trial JVM, where the model runs the tasks (for web and load, the JVM of loomlab's load generator). */
    TRIAL,
    /** The server under test, a JVM of its own (web, echo, http-get's server). */
    SERVER,
    /** The load side: the generator or engine that sends requests and counts their answers. */
    LOAD,
    /** The database the calls went to. */
    DATABASE,
    /** The machine itself (a limit it set). */
    MACHINE
}
