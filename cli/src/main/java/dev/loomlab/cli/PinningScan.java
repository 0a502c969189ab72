package dev.loomlab.cli;

import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.process.ChildProcess;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs a {@link JavaProgram} with a JFR recording of {@value PinnedEvents#EVENT} (stack traces on,
 * events at least {@code threshold} long) written when its JVM exits, and reads the recording back.
 * The program reads loomlab's standard input; its output and errors are copied to the given streams.
 */
final class PinningScan {
    /**
     * What the program did.
     *
     * @param exitCode the program's exit code
     * @param wallNanos how long it ran, ns
     * @param events its pinned events, or null when its JVM wrote no recording (it did not start, crashed
     *               or halted without running shutdown hooks)
     */
    record Outcome(int exitCode, long wallNanos, PinnedEvents events) {
    }

    private static final Duration PUMP_WAIT = Duration.ofSeconds(5);

    private PinningScan() {
    }

    static Outcome run(JavaProgram program, long thresholdNanos, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        return run(program, thresholdNanos, List.of(), out, err);
    }

    /** As {@link #run(JavaProgram, long, PrintStream, PrintStream)}, the program's JVM also given {@code extraFlags} ({@code --prof}). */
    static Outcome run(JavaProgram program, long thresholdNanos, List<String> extraFlags, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("loomlab-pinning-");
        try {
            Path settings = Files.writeString(dir.resolve("pinning.jfc"), settings(thresholdNanos), StandardCharsets.UTF_8);
            Path recording = dir.resolve("pinning.jfr");
            List<String> flags = new java.util.ArrayList<>(List.of(
                    "-XX:StartFlightRecording=name=loomlab-pinning,settings=" + settings + ",filename=" + recording
                            + ",dumponexit=true",
                    // JFR announces its recording on stdout; the program's output should stay its own.
                    "-Xlog:jfr+startup=error"));
            flags.addAll(extraFlags);
            long start = System.nanoTime();
            ChildProcess process = ChildProcess.startCopying(
                    new ProcessBuilder(program.command(flags)).redirectInput(ProcessBuilder.Redirect.INHERIT),
                    "loomlab-pinning", out, err);
            int exit = process.waitFor();
            long wall = System.nanoTime() - start;
            // A child the program left running may hold the pipes open: do not wait for it forever.
            process.awaitOutput(PUMP_WAIT);
            out.flush();
            err.flush();
            boolean written = Files.isRegularFile(recording) && Files.size(recording) > 0;
            return new Outcome(exit, wall, written ? PinnedEvents.read(recording) : null);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A JFR settings file with only the pinned event, its stack traces and the threshold. */
    static String settings(long thresholdNanos) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration version="2.0" label="loomlab pinning" description="virtual threads pinned to their carrier">
                %s</configuration>
                """.formatted(pinnedEvent(thresholdNanos));
    }

    /** The settings' element for the pinned event: on, with stack traces, at {@code thresholdNanos} and longer. */
    static String pinnedEvent(long thresholdNanos) {
        return """
                  <event name="%s">
                    <setting name="enabled">true</setting>
                    <setting name="stackTrace">true</setting>
                    <setting name="threshold">%d ns</setting>
                  </event>
                """.formatted(PinnedEvents.EVENT, thresholdNanos);
    }
}
