package dev.loomlab.core.process;


import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A short outside command (git, {@code java -version}) run with a time limit that is one: its output
 * goes to a file rather than a pipe read to the end first, so waiting for it can give up at the limit,
 * when the command and its children are killed.
 */
public final class BoundedCommand {
    /** What a command that ended said: its exit code and its stdout and stderr, merged. */
    public record Output(int exit, String text) {
    }

    private BoundedCommand() {
    }

    /**
     * Runs {@code command}; empty when it was still running at {@code limit} (it is then killed).
     *
     * @throws IOException when it cannot be started
     */
    public static Optional<Output> run(List<String> command, Duration limit) throws IOException, InterruptedException {
        Path out = Files.createTempFile("loomlab-command-", ".out");
        try {
            ChildProcess p = ChildProcess.start(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()));
            if (!p.waitOrKill(limit)) {
                return Optional.empty();
            }
            return Optional.of(new Output(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8)));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
