package dev.loomlab.core.process;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Environment variables this loomlab process hands to every process it starts from now on (through
 * {@link ChildProcess}): how a run tells its trial JVMs and servers where a service it started listens —
 * the database's address — without a flag that would be recorded with the JVM's arguments. A trial that
 * runs inside this JVM ({@code --forks 0}) reads the same values through {@link #get}.
 */
public final class ChildEnvironment {
    private static final Map<String, String> VALUES = new ConcurrentHashMap<>();

    private ChildEnvironment() {
    }

    /** Sets {@code name} for every child started after this call. */
    public static void put(String name, String value) {
        VALUES.put(name, value);
    }

    /** Stops handing {@code name} to new children. */
    public static void remove(String name) {
        VALUES.remove(name);
    }

    /** {@code name} as set here, else as this process's own environment has it. */
    public static Optional<String> get(String name) {
        String value = VALUES.get(name);
        return Optional.ofNullable(value != null ? value : System.getenv(name));
    }

    static void applyTo(ProcessBuilder builder) {
        builder.environment().putAll(VALUES);
    }
}
