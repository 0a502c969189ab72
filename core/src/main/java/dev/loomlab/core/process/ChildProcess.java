package dev.loomlab.core.process;

import dev.loomlab.core.probe.HelperThreads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A process loomlab started (a trial JVM, a server, a program under a pinning scan, an outside command)
 * and what every such process needs: its output read on daemon threads — line by line to a {@link Lines},
 * or byte for byte to streams — with its last lines kept (the tail, for error messages), waiting for it
 * with a time limit, and killing it with every process it started. A child still alive when this JVM
 * exits normally, on an error or on a signal is killed then; one shutdown hook serves them all.
 */
public final class ChildProcess {
    /** How long {@link #kill} waits for the killed process to be gone, s. */
    private static final long KILL_WAIT_S = 10;
    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(ChildProcess::killAllNow, "loomlab-children-stop"));
        } catch (IllegalStateException shuttingDown) {
            // first used inside another shutdown hook: its children are waited for or killed where they are started
        }
    }

    /** Reads a child's output one line at a time, on its pump thread. */
    @FunctionalInterface
    public interface Lines {
        /**
         * Takes one line, without its terminator.
         *
         * @return whether the line belongs in the tail; false for a protocol line that is no output of the child
         */
        boolean take(String line);

        /** Called once when the output ends (the child and every process that inherited it closed it). */
        default void end() {
        }
    }

    private final Process process;
    private final int tailLines;
    private final Deque<String> tail = new ArrayDeque<>();
    private final List<Thread> pumps = new CopyOnWriteArrayList<>();

    private ChildProcess(Process process, int tailLines) {
        this.process = process;
        this.tailLines = tailLines;
    }

    /** Starts {@code builder}'s command; its input and output go where the builder says, and nothing is read here. */
    public static ChildProcess start(ProcessBuilder builder) throws IOException {
        return start(builder, 0);
    }

    /**
     * Starts {@code builder}'s command with its stderr merged into its stdout, and hands every line of that
     * to {@code lines} on a daemon thread named {@code pumpName}, keeping the last {@code tailLines} of those
     * it says belong in the tail. A {@code Lines} that throws does not stop the pump, since a child whose
     * output is no longer read blocks once its pipe is full: that line is kept in the tail.
     */
    public static ChildProcess start(ProcessBuilder builder, String pumpName, int tailLines, Lines lines)
            throws IOException {
        ChildProcess child = start(builder.redirectErrorStream(true), tailLines);
        child.pumps.add(HelperThreads.start(pumpName, () -> child.pumpLines(lines)));
        return child;
    }

    /**
     * Starts {@code builder}'s command and copies its stdout to {@code out} and its stderr to {@code err},
     * byte for byte and flushed as they come, on daemon threads named {@code pumpName-out} and {@code -err}.
     * Nothing is kept in the tail.
     */
    public static ChildProcess startCopying(ProcessBuilder builder, String pumpName, OutputStream out, OutputStream err)
            throws IOException {
        ChildProcess child = start(builder, 0);
        child.pumps.add(HelperThreads.start(pumpName + "-out", () -> copy(child.process.getInputStream(), out)));
        child.pumps.add(HelperThreads.start(pumpName + "-err", () -> copy(child.process.getErrorStream(), err)));
        return child;
    }

    private static ChildProcess start(ProcessBuilder builder, int tailLines) throws IOException {
        ChildEnvironment.applyTo(builder);
        ChildProcess child = new ChildProcess(builder.start(), tailLines);
        LIVE.add(child);
        child.process.onExit().thenRun(() -> LIVE.remove(child));
        return child;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code of a child that has ended. */
    public int exitValue() {
        return process.exitValue();
    }

    /** The child's standard input (a pipe unless the builder redirected it). */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** Waits until the child ends and returns its exit code; when interrupted, kills it first. */
    public int waitFor() throws InterruptedException {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            kill();
            throw e;
        }
    }

    /**
     * Waits up to {@code limit} for the child to end; kills it when it has not, or when interrupted.
     *
     * @return whether it ended by itself within the limit
     */
    public boolean waitOrKill(Duration limit) throws InterruptedException {
        boolean ended;
        try {
            ended = process.waitFor(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            kill();
            throw e;
        }
        if (!ended) {
            kill();
        }
        return ended;
    }

    /**
     * Kills the child's descendants, then the child (forcibly, all), and waits up to {@value #KILL_WAIT_S} s
     * for it to be gone. An interrupt during that wait is kept.
     */
    public void kill() {
        killNow();
        try {
            process.waitFor(KILL_WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asks the child and every Java process among its descendants to end (SIGTERM: a JVM runs its shutdown hooks, and
     * writes what it records on exit), waits up to {@code grace} for all of them, then kills what is left, the child's
     * whole tree. An interrupt kills at once, and is kept.
     *
     * @return whether they all ended by themselves within {@code grace}
     */
    public boolean stop(Duration grace) {
        // all of them now: once the child has ended, what it started no longer descends from it
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        List<ProcessHandle> asked = new ArrayList<>(tree.stream()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).toList());
        asked.add(process.toHandle());
        asked.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        boolean ended = true;
        try {
            for (ProcessHandle p : asked) {
                long left = deadline - System.nanoTime();
                p.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        } catch (ExecutionException | TimeoutException e) {
            ended = false;
        }
        // what it started and left, then what is left of the tree
        tree.forEach(ProcessHandle::destroyForcibly);
        kill();
        return ended;
    }

    /**
     * Waits up to {@code limit} for the output pumps to reach the end of the output, which a process the
     * child left behind may hold open.
     *
     * @return whether every pump finished
     */
    public boolean awaitOutput(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (Thread pump : pumps) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                pump.join(Duration.ofNanos(left));
            }
        }
        return pumps.stream().noneMatch(Thread::isAlive);
    }

    /** The last lines of the child's output that belong in the tail, oldest first; at most the number asked for. */
    public List<String> tail() {
        synchronized (tail) {
            return List.copyOf(tail);
        }
    }

    private void killNow() {
        // Descendants first: once the child is gone, its children are reparented and no longer found from it.
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void killAllNow() {
        LIVE.forEach(ChildProcess::killNow);
    }

    private void pumpLines(Lines lines) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (taken(lines, line)) {
                    keep(line);
                }
            }
        } catch (IOException ignored) {
            // the stream broke: the child is gone, and what it wrote before has been read
        } finally {
            lines.end();
        }
    }

    private static boolean taken(Lines lines, String line) {
        try {
            return lines.take(line);
        } catch (RuntimeException e) {
            return true;
        }
    }

    private void keep(String line) {
        if (tailLines == 0) {
            return;
        }
        synchronized (tail) {
            if (tail.size() == tailLines) {
                tail.removeFirst();
            }
            tail.addLast(line);
        }
    }

    private static void copy(InputStream from, OutputStream to) {
        byte[] buffer = new byte[8192];
        try (from) {
            for (int n; (n = from.read(buffer)) >= 0; ) {
                to.write(buffer, 0, n);
                to.flush();
            }
        } catch (IOException ignored) {
            // the child is gone, or the stream it is copied to broke: either way nothing more can be copied
        }
    }
}
