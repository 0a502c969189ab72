package dev.loomlab.core;

import java.time.Duration;

/** The defaults of a run, in one place: what a result gets when neither the user, its suite nor its scenario says otherwise. */
public final class Defaults {
    /** Forked JVMs per result: two, so a JVM's own luck (JIT, heap layout) shows in the spread. */
    public static final int FORKS = 2;
    /** Warm-up iterations per fork. */
    public static final int WARMUP = 1;
    /** Measured iterations per fork: with two forks, ten samples per result. */
    public static final int ITERATIONS = 5;
    /** The limit for one trial JVM. */
    public static final Duration TIMEOUT = Duration.ofMinutes(20);

    private Defaults() {
    }
}
