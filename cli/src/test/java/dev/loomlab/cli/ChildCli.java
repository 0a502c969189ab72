package dev.loomlab.cli;

import dev.loomlab.core.process.ChildJvmFlags;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CLI in a JVM of its own, as the launcher starts it (this build's class path, preview enabled,
 * {@code loomlab.home} set), for tests that need its own process: its environment, its exit, Ctrl-C. Like the CLI run in
 * the test JVM, it gets the flags this suite gives every JVM loomlab starts ({@link ChildJvmFlags}, none when unset) and
 * hands them on to the trials, servers and engines it starts.
 */
final class ChildCli {
    private ChildCli() {
    }

    /** A process builder for {@code loomlab <args>} with {@code jvmFlags} before the main class; not started. */
    static ProcessBuilder builder(List<String> jvmFlags, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-preview", "-Dloomlab.home=" + System.getProperty("loomlab.home")));
        command.addAll(ChildJvmFlags.flags());
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
