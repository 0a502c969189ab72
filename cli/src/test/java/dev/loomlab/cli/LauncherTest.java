package dev.loomlab.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The launcher without any JDK 25 says what it looked for, in one line, and exits 2. */
class LauncherTest {
    // Not a @TempDir: JUnit warns about the symbolic links below when it cleans one up.
    private final Path tmp = createTemp();

    private static Path createTemp() {
        try {
            return Files.createTempDirectory("loomlab-launcher-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void cleanUp() throws java.io.IOException {
        try (var paths = Files.walk(tmp)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void withoutAJdk25TheLauncherExitsTwoWithOneLine() throws Exception {
        Path launcher = Path.of(System.getProperty("loomlab.home", "..")).resolve("loomlab").toAbsolutePath().normalize();
        assertThat(launcher).isExecutable();
        // A PATH with the shell tools the launcher uses, and no java or javac.
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : List.of("bash", "sed", "head", "dirname", "readlink", "find", "cat", "mktemp", "rm", "touch", "env")) {
            for (String dir : List.of("/usr/bin", "/bin")) {
                Path p = Path.of(dir, tool);
                if (Files.isExecutable(p) && !Files.exists(bin.resolve(tool))) {
                    Files.createSymbolicLink(bin.resolve(tool), p);
                }
            }
        }
        ProcessBuilder pb = new ProcessBuilder(bin.resolve("bash").toString(), launcher.toString(), "list");
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("JAVA_HOME", tmp.resolve("no-jdk").toString());
        pb.environment().put("LOOMLAB_JDK_SEARCH", tmp.resolve("nothing-here/*").toString());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(2);
        assertThat(out.strip().lines()).hasSize(1);
        assertThat(out).startsWith("loomlab: no JDK >= 25 found").contains("no-jdk");
    }
}
