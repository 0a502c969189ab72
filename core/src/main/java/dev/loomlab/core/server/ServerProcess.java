package dev.loomlab.core.server;

import dev.loomlab.core.probe.HelperThreads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server loomlab runs in a JVM of its own (a load target, an echo server), on this JVM's java and
 * class path. Readiness is the server's {@link ServerControl#READY} line, never a sleep; its output
 * is copied to this JVM's stdout (the trial log) with a {@code [server]} prefix. {@link #close}
 * stops it; if this JVM dies first, the server's stdin closes and it halts itself.
 */
public final class ServerProcess implements AutoCloseable {
    private static final int TAIL_LINES = 20;
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final int port;
    private final OutputStream commands;
    private final BlockingQueue<String> replies;
    private final Deque<String> tail;
    private final Thread hook;
    private final boolean writesArchive;

    private ServerProcess(Process process, int port, BlockingQueue<String> replies, Deque<String> tail, Thread hook,
                          boolean writesArchive) {
        this.process = process;
        this.port = port;
        this.commands = process.getOutputStream();
        this.replies = replies;
        this.tail = tail;
        this.hook = hook;
        this.writesArchive = writesArchive;
    }

    /**
     * Starts {@code mainClass} (which must call {@link ServerControl#serve}) and waits until it is ready.
     *
     * @throws IOException when it exits or stays silent for {@code readyTimeout}; the message carries its last lines
     */
    public static ServerProcess start(String mainClass, List<String> jvmArgs, List<String> args, Duration readyTimeout)
            throws IOException, InterruptedException {
        return start(mainClass, System.getProperty("java.class.path"), jvmArgs, args, readyTimeout);
    }

    /**
     * Starts {@code mainClass} on a class path of its own (a server under test with its framework's
     * jars, which must not meet loomlab's), otherwise as {@link #start(String, List, List, Duration)}.
     */
    public static ServerProcess start(String mainClass, String classPath, List<String> jvmArgs, List<String> args,
                                      Duration readyTimeout) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        Path javaHome = Path.of(System.getProperty("java.home"));
        command.add(javaHome.resolve("bin").resolve("java").toString());
        List<String> sharing = ClassDataSharing.flags(javaHome, System.getProperty("java.version"), Runtime.version().feature(),
                mainClass.substring(mainClass.lastIndexOf('.') + 1), classPath, jvmArgs);
        boolean writesArchive = ClassDataSharing.writesArchive(sharing);
        command.addAll(sharing);
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classPath, mainClass));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread hook = new Thread(process::destroyForcibly, "loomlab-server-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        BlockingQueue<String> replies = new LinkedBlockingQueue<>();
        Deque<String> tail = new ArrayDeque<>();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        String name = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        HelperThreads.start("loomlab-server-output", () -> pump(process, name, ready, replies, tail));
        try {
            int port = ready.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return new ServerProcess(process, port, replies, tail, hook, writesArchive);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            removeHook(hook);
            String why = e instanceof TimeoutException ? "was not ready within " + readyTimeout.toSeconds() + " s"
                    : "exited with code " + process.exitValue() + " before it was ready";
            throw new IOException(name + " " + why + lastLines(tail));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            removeHook(hook);
            throw e;
        }
    }

    private static void pump(Process process, String name, CompletableFuture<Integer> ready,
                             BlockingQueue<String> replies, Deque<String> tail) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith(ServerControl.READY)) {
                    ready.complete(Integer.parseInt(line.substring(line.indexOf("port=") + 5).trim()));
                } else if (line.startsWith(ServerControl.REPLY)) {
                    replies.add(line);
                } else {
                    synchronized (tail) {
                        if (tail.size() == TAIL_LINES) {
                            tail.removeFirst();
                        }
                        tail.addLast(line);
                    }
                    System.out.println("[" + name + "] " + line);
                }
            }
        } catch (IOException ignored) {
            // the process is gone; the future below says so
        }
        ready.completeExceptionally(new IOException("server output closed"));
    }

    /** The TCP port the server listens on (127.0.0.1). */
    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * The server's counters and peaks since the last {@link #reset}, by name; empty when interrupted.
     * Workloads call it in {@code collect}, which cannot throw checked exceptions, so an I/O failure is
     * unchecked and an interrupt is kept.
     */
    public Map<String, Double> stats() {
        String reply = askUnchecked("stats");
        return reply == null ? Map.of() : ServerControl.parse(reply);
    }

    /** Clears the server's counters and peaks (in a workload's {@code prepare}); failures as {@link #stats}. */
    public void reset() {
        askUnchecked("reset");
    }

    private String askUnchecked(String command) {
        try {
            return ask(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private synchronized String ask(String command) throws IOException, InterruptedException {
        if (!process.isAlive()) {
            throw new IOException("the server exited with code " + process.exitValue() + lastLines(tail));
        }
        replies.clear();
        commands.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        commands.flush();
        String reply = replies.poll(REPLY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (reply == null) {
            throw new IOException("the server did not answer '" + command + "' within " + REPLY_TIMEOUT.toSeconds() + " s"
                    + lastLines(tail));
        }
        return reply;
    }

    /**
     * Stops the server. One that writes its class-data sharing archive at exit is asked to end (its stdin
     * closes) and killed if still alive after 30 s; any other is killed at once, since its JVM's own exit
     * would wait 300 ms for its threads blocked in native I/O, and it has nothing to save.
     */
    @Override
    public void close() {
        try {
            commands.close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (writesArchive && process.waitFor(30, TimeUnit.SECONDS)) {
                removeHook(hook);
                return;
            }
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        removeHook(hook);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is shutting down; the hook runs anyway
        }
    }

    private static String lastLines(Deque<String> tail) {
        synchronized (tail) {
            return tail.isEmpty() ? "" : "; last output: " + String.join(" | ", tail);
        }
    }
}
