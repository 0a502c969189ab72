package dev.loomlab.load.jmeter;

import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.process.ChildJvmFlags;
import dev.loomlab.core.process.ChildProcess;
import dev.loomlab.core.server.ClassDataSharing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The JMeter engine's JVM, started by this one through {@link ChildProcess} (so it is killed with loomlab, and
 * ends itself when loomlab is killed: its stdin closes), on the engine's own class path ({@link JmeterHome}): its
 * {@link EngineLine protocol lines} queued for the thread that drives it, every other line kept in its tail for
 * error messages.
 */
final class EngineJvm implements AutoCloseable {
    private static final int TAIL_LINES = 30;
    /** What the queue holds once the output has ended: the JVM (and everything it started) is gone. */
    static final EngineLine.Parsed END = new EngineLine.Parsed("", "");

    private final ChildProcess child;
    private final BlockingQueue<EngineLine.Parsed> queue;

    private EngineJvm(ChildProcess child, BlockingQueue<EngineLine.Parsed> queue) {
        this.child = child;
        this.queue = queue;
    }

    /** Starts {@code JmeterMain args…}. */
    static EngineJvm start(String kind, List<String> args) throws IOException {
        String classPath = JmeterHome.classPath();
        Path javaHome = Path.of(System.getProperty("java.home"));
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(ClassDataSharing.flags(javaHome, System.getProperty("java.version"), Runtime.version().feature(),
                "jmeter-" + kind, classPath, List.of()));
        command.addAll(ChildJvmFlags.flags());
        command.addAll(List.of("-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true", "-cp", classPath, JmeterHome.MAIN));
        command.addAll(args);
        BlockingQueue<EngineLine.Parsed> queue = new LinkedBlockingQueue<>();
        ChildProcess child = ChildProcess.start(new ProcessBuilder(command), "loomlab-jmeter-output", TAIL_LINES,
                new ChildProcess.Lines() {
                    @Override
                    public boolean take(String line) {
                        var parsed = EngineLine.parse(line);
                        parsed.ifPresent(queue::add);
                        return parsed.isEmpty();
                    }

                    @Override
                    public void end() {
                        queue.add(END);
                    }
                });
        return new EngineJvm(child, queue);
    }

    /** The next protocol line within {@code limit}, {@link #END} once the output has ended, or null when none came. */
    EngineLine.Parsed next(Duration limit) throws InterruptedException {
        return queue.poll(limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Writes one line on the JVM's stdin. */
    void tell(String line) throws IOException {
        OutputStream in = child.stdin();
        in.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        in.flush();
    }

    long pid() {
        return child.pid();
    }

    /** The JVM's CPU time so far, ns; -1 when the system does not say. */
    long cpuNanos() {
        return ProcessHandle.of(child.pid()).flatMap(h -> h.info().totalCpuDuration()).map(java.time.Duration::toNanos).orElse(-1L);
    }

    /** The JVM's resident memory (MB) and OS threads now, from {@code /proc/<pid>/status}; NaN where there is none. */
    double[] residentAndThreads() {
        double rss = Double.NaN;
        double threads = Double.NaN;
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(child.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Double.parseDouble(line.substring(6).trim().split("\\s+")[0]) / 1024.0;
                } else if (line.startsWith("Threads:")) {
                    threads = Double.parseDouble(line.substring(8).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc here, or the process is gone
        }
        return new double[]{rss, threads};
    }

    boolean isAlive() {
        return child.isAlive();
    }

    /** Waits up to {@code limit} for the JVM to exit (it may be writing its class-data archive), then kills it. */
    void awaitExit(Duration limit) throws InterruptedException {
        child.waitOrKill(limit);
    }

    /**
     * How it ended, once it has: {@code exited with code N}, then {@code when} (e.g. " before it was ready"), then its
     * last lines — the phrase that says what happened stays whole, whatever the JVM printed last.
     */
    String ending(String when) throws InterruptedException {
        child.waitOrKill(Duration.ofSeconds(5));
        child.awaitOutput(Duration.ofSeconds(2));
        return "exited with code " + child.exitValue() + when + lastLines();
    }

    /** Its last lines of output, joined. */
    String lastLines() {
        List<String> tail = child.tail();
        return tail.isEmpty() ? "" : "; last output: " + String.join(" | ", tail);
    }

    @Override
    public void close() {
        if (child.isAlive()) {
            child.kill();
        }
    }
}
