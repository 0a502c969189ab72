package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

class RunSessionTest {
    @TempDir
    Path root;

    /** Runs started in the same second get the time stamp with -2, -3 …: never a folder named by the date alone. */
    @Test
    void runsOfTheSameSecondKeepTheTimeInTheirFolderName() {
        LocalDateTime now = LocalDateTime.of(2026, 11, 23, 10, 15, 0);
        Path first = RunSession.prepareFolder(null, root, now);
        Path second = RunSession.prepareFolder(null, root, now);
        Path third = RunSession.prepareFolder(null, root, now);

        assertThat(first).isEqualTo(root.resolve("20261123-101500"));
        assertThat(second).isEqualTo(root.resolve("20261123-101500-2"));
        assertThat(third).isEqualTo(root.resolve("20261123-101500-3"));
        assertThat(Files.isDirectory(third.resolve("logs"))).isTrue();
    }

    @Test
    void anOutFolderIsTakenAsGiven() {
        Path out = root.resolve("mine");
        assertThat(RunSession.prepareFolder(out.toString(), root, LocalDateTime.now())).isEqualTo(out);
    }
}
