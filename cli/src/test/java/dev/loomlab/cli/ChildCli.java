package dev.loomlab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CLI in a JVM of its own, as the launcher starts it (this build's class path, preview enabled,
 * {@code loomlab.home} set), for tests that need its own process: its environment, its exit, Ctrl-C.
 */
final class ChildCli {
    private ChildCli() {
    }

    /** A process builder for {@code loomlab <args>} with {@code jvmFlags} before the main class; not started. */
    static ProcessBuilder builder(List<String> jvmFlags, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-preview", "-Dloomlab.home=" + System.getProperty("loomlab.home")));
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
