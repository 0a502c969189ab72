package dev.loomlab.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A program a test needs from the machine (Prometheus, promtool), found on the PATH. */
final class InstalledTool {
    private InstalledTool() {
    }

    /**
     * The program; the test is skipped without it, except where the run requires every test (CI=true, or
     * LOOMLAB_REQUIRE_ALL_TESTS=true, which .ci/run sets itself), where it fails.
     *
     * @param install how to install it, for the skip's reason
     */
    static Path require(String name, String install) {
        Optional<Path> found = find(name);
        if ("true".equals(System.getenv("CI")) || "true".equals(System.getenv("LOOMLAB_REQUIRE_ALL_TESTS"))) {
            assertThat(found).as(name + " (.ci/run installs it: " + install + ")").isPresent();
        }
        assumeTrue(found.isPresent(), "no " + name + " on PATH (" + install + "); test skipped");
        return found.get();
    }

    static Optional<Path> find(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (!dir.isEmpty() && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
