package dev.loomlab.core.process;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedCommandTest {
    /** What the shell script {@code script} gave, checked to have ended within {@code limit}. */
    private static BoundedCommand.Output ended(String script, Duration limit) throws Exception {
        Optional<BoundedCommand.Output> out = BoundedCommand.run(List.of("sh", "-c", script), limit);
        assertThat(out).isPresent();
        return out.get();
    }

    @Test
    void aCommandThatEndsGivesItsExitAndOutput() throws Exception {
        BoundedCommand.Output out = ended("echo hello; echo oops >&2; exit 3", Duration.ofSeconds(30));
        assertThat(out.exit()).isEqualTo(3);
        assertThat(out.text()).contains("hello").contains("oops");
    }

    @Test
    void moreOutputThanAPipeHoldsDoesNotBlockIt() throws Exception {
        // 1 MB is sixteen times a Linux pipe's buffer: a command writing to an unread pipe would stall.
        BoundedCommand.Output out = ended("head -c 1000000 /dev/zero | tr '\\0' x", Duration.ofSeconds(60));
        assertThat(out.text()).hasSize(1_000_000);
    }

    @Test
    void aCommandStillRunningAtTheLimitIsKilledAndGivesNothing() throws Exception {
        // The shell prints its pid, then waits far longer than the limit.
        java.nio.file.Path pidFile = java.nio.file.Files.createTempFile("bounded", ".pid");
        Optional<BoundedCommand.Output> out = BoundedCommand.run(List.of("sh", "-c", "echo $$ > " + pidFile + "; sleep 300"),
                Duration.ofMillis(500));
        assertThat(out).isEmpty();
        long pid = Long.parseLong(java.nio.file.Files.readString(pidFile).trim());
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("killed at the limit").isFalse();
        java.nio.file.Files.delete(pidFile);
    }

    @Test
    void aCommandThatCannotStartSaysSo() {
        assertThatThrownBy(() -> BoundedCommand.run(List.of("/nonexistent/command"), Duration.ofSeconds(5)))
                .isInstanceOf(java.io.IOException.class);
    }
}
