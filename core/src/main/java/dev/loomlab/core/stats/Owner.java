package dev.loomlab.core.stats;

/** Whose figure a metric is: which process or thing it was measured of. */
public enum Owner {
    /** The trial JVM, where the model runs the tasks (for web and load, the JVM of loomlab's load generator). */
    TRIAL("the trial JVM"),
    /** The server under test, a JVM of its own (web, echo, http-get's server). */
    SERVER("the server under test"),
    /** The load side: the generator or engine that sends requests and counts their answers. */
    LOAD("the load side"),
    /** The database the calls went to. */
    DATABASE("the database"),
    /** The machine itself (a limit it set). */
    MACHINE("the machine");

    private final String text;

    Owner(String text) {
        this.text = text;
    }

    /** In words: {@code the server under test}. */
    public String text() {
        return text;
    }
}
