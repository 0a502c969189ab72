package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FolderLockTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(warnings, true, StandardCharsets.UTF_8);

    @Test
    void aSecondWriterIsRefusedWhileTheFirstHoldsTheFolder() {
        try (FolderLock first = FolderLock.take(dir, err)) {
            assertThat(dir.resolve(FolderLock.NAME)).content().startsWith(ProcessHandle.current().pid() + "");
            assertThatThrownBy(() -> FolderLock.take(dir, err))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("being written by another loomlab run (pid " + ProcessHandle.current().pid() + ")");
        }
        assertThat(dir.resolve(FolderLock.NAME)).as("given up at the end").doesNotExist();
    }

    @Test
    void aLockLeftByAProcessThatIsGoneIsTakenOverWithAWarning() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(dir.resolve(FolderLock.NAME), gone.pid() + "");
        try (FolderLock taken = FolderLock.take(dir, err)) {
            assertThat(warnings.toString(StandardCharsets.UTF_8)).contains("left by pid " + gone.pid() + ", which is gone");
            assertThat(dir.resolve(FolderLock.NAME)).content().startsWith(ProcessHandle.current().pid() + "");
        }
    }

    @Test
    void aLivePidWithAnotherStartTimeIsAReusedPidNotTheOwner() {
        String me = FolderLock.describe(ProcessHandle.current());
        assertThat(FolderLock.alive(me)).isTrue();
        assertThat(FolderLock.alive(ProcessHandle.current().pid() + " 1970-01-01T00:00:00Z")).isFalse();
        assertThat(FolderLock.alive("not-a-pid")).isFalse();
    }

    @Test
    void runIntoAFolderAnotherLiveRunHoldsExitsTwoWithOneLine() throws Exception {
        // The test's own JVM stands for the other run: alive, and not this run's lock.
        Files.writeString(dir.resolve(FolderLock.NAME), FolderLock.describe(ProcessHandle.current()));
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=1", "-p", "sleep=1ms",
                "--forks", "1", "--warmup", "0", "--iterations", "1", "--out", dir.toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("being written by another loomlab run");
        assertThat(dir.resolve("results.jsonl")).doesNotExist();
    }
}
