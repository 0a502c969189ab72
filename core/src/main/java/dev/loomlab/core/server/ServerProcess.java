package dev.loomlab.core.server;

import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.gc.GcLogging;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.outcome.ProfileRecord;
import dev.loomlab.core.prof.ChildProfiling;
import dev.loomlab.core.prof.ProfileRecordFile;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.process.ChildJvmFlags;
import dev.loomlab.core.process.ChildProcess;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server loomlab runs in a JVM of its own (a load target, an echo server), on this JVM's java and
 * class path. Readiness is the server's {@link ServerControl#READY} line, never a sleep; its output
 * is copied to this JVM's stdout (the trial log) with a {@code [server]} prefix ({@link ServerOutput}).
 * Each command carries a number its reply repeats, so a reply that comes after its command was given
 * up on is dropped, never taken for the answer to the next one. {@link #close} stops the server; if this
 * JVM exits first it is killed, and if this JVM is killed, the server's stdin closes and it halts itself.
 */
public final class ServerProcess implements AutoCloseable {
    private static final int TAIL_LINES = 20;
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(30);
    /** How long a server that writes its class-data sharing archive may take to exit when asked. */
    private static final Duration ARCHIVE_EXIT_WAIT = Duration.ofSeconds(30);
    /** How long the rest of a killed server's output is read: a process it left behind may hold the pipe. */
    private static final Duration OUTPUT_WAIT = Duration.ofSeconds(10);

    private final ChildProcess child;
    private final int port;
    private final OutputStream commands;
    private final ServerOutput output;
    private final boolean writesArchive;
    private final Duration replyTimeout;
    /** Servers started by this JVM, numbering their profiles. */
    private static final AtomicInteger STARTED = new AtomicInteger();
    /** The server's part in its trial's profiling; null when the trial profiles nothing. */
    private Profile profile;
    /** Where the server writes its GC log, {@code %p} for its pid; null when it writes none. */
    private final Path gcLogPattern;
    private long lastId;

    private ServerProcess(ChildProcess child, int port, ServerOutput output, boolean writesArchive, Duration replyTimeout,
                          Path gcLogPattern) {
        this.gcLogPattern = gcLogPattern;
        this.child = child;
        this.port = port;
        this.commands = child.stdin();
        this.output = output;
        this.writesArchive = writesArchive;
        this.replyTimeout = replyTimeout;
    }

    /**
     * Starts {@code mainClass} (which must call {@link ServerControl#serve}) and waits until it is ready.
     *
     * @throws IOException when it exits, stays silent for {@code readyTimeout} or announces its port in a
     *                     malformed line (it is then killed); the message carries its last lines
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
        return start(mainClass, classPath, jvmArgs, args, readyTimeout, REPLY_TIMEOUT);
    }

    /**
     * As {@link #start(String, String, List, List, Duration)}, the server's JVM started on {@code cpus} ({@link Taskset};
     * checked by the caller), so that it sizes its threads to them from its start; null: on this JVM's.
     */
    public static ServerProcess start(String mainClass, String classPath, List<String> jvmArgs, List<String> args,
                                      Duration readyTimeout, CpuList cpus) throws IOException, InterruptedException {
        return start(mainClass, classPath, jvmArgs, args, readyTimeout, REPLY_TIMEOUT, cpus);
    }

    /** As {@link #start(String, String, List, List, Duration)}, waiting up to {@code replyTimeout} for each reply. */
    static ServerProcess start(String mainClass, String classPath, List<String> jvmArgs, List<String> args,
                               Duration readyTimeout, Duration replyTimeout) throws IOException, InterruptedException {
        return start(mainClass, classPath, jvmArgs, args, readyTimeout, replyTimeout, null);
    }

    private static ServerProcess start(String mainClass, String classPath, List<String> jvmArgs, List<String> args,
                                       Duration readyTimeout, Duration replyTimeout, CpuList cpus)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        Path javaHome = Path.of(System.getProperty("java.home"));
        command.add(javaHome.resolve("bin").resolve("java").toString());
        String name = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        List<String> sharing = ClassDataSharing.flags(javaHome, System.getProperty("java.version"), Runtime.version().feature(),
                name, classPath, jvmArgs);
        command.addAll(sharing);
        command.addAll(ChildJvmFlags.flags());
        // A trial's server writes a GC log beside the trial's: its pauses are the model's in the web scenario.
        Path gcLog = GcLogging.ofThisJvm().map(l -> GcLogging.sibling(l, "server-" + name + "-%p")).orElse(null);
        if (gcLog != null) {
            command.add(GcLogging.flag(gcLog));
        }
        // A profiled trial's server, the model of web and echo, is profiled with it (--prof).
        Optional<TrialProfiling.Setup> profiling = TrialProfiling.setup();
        String profiledAs = profiling.isPresent() ? "server-" + name + "-" + STARTED.incrementAndGet() : null;
        Path records = profiledAs == null ? null : profiling.get().libraryDir().resolve(profiledAs + ".profiles");
        if (profiledAs != null) {
            command.addAll(ChildProfiling.flags(profiling.get(), profiledAs, records));
        }
        // The cpu endpoint reads a virtual thread's carrier's exact CPU clock (CpuWork).
        command.addAll(CpuWork.JVM_FLAGS);
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classPath, mainClass));
        command.addAll(args);
        ServerOutput output = new ServerOutput(name, System.out);
        ChildProcess child = ChildProcess.start(new ProcessBuilder(Taskset.wrap(cpus, command)), "loomlab-server-output",
                TAIL_LINES, output);
        try {
            int port = output.ready().get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
            ServerProcess server = new ServerProcess(child, port, output, ClassDataSharing.writesArchive(sharing), replyTimeout, gcLog);
            if (records != null) {
                server.profile = new Profile(server, "server " + name, records, profiling.get().specs());
                TrialProfiling.attach(server.profile);
            }
            return server;
        } catch (ExecutionException | TimeoutException e) {
            child.kill();
            // The line that failed the start is kept in the tail just after: read to the end of the output.
            child.awaitOutput(OUTPUT_WAIT);
            String why = e instanceof TimeoutException ? "was not ready within " + Units.formatDuration(readyTimeout.toNanos())
                    : e.getCause() instanceof EOFException ? "exited with code " + child.exitValue() + " before it was ready"
                    : e.getCause().getMessage();
            throw new IOException(name + " " + why + lastLines(child));
        } catch (InterruptedException e) {
            child.kill();
            throw e;
        }
    }

    /** The TCP port the server listens on (127.0.0.1). */
    public int port() {
        return port;
    }

    public long pid() {
        return child.pid();
    }

    /**
     * The server's unified GC log, beside the trial's ({@code <trial>.server-<Main>-<pid>.gc.log}); empty when
     * the JVM that started it has none (the CLI's own JVM, {@code serve}).
     */
    public Optional<Path> gcLog() {
        return Optional.ofNullable(gcLogPattern).map(p -> GcLogging.withPid(p, child.pid()));
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    /** The server's exit code once it has exited. */
    public OptionalInt exitCode() {
        return child.isAlive() ? OptionalInt.empty() : OptionalInt.of(child.exitValue());
    }

    /**
     * The server's counters and peaks since the last {@link #reset}, by name; empty when interrupted.
     * Workloads call it in {@code collect}, which cannot throw checked exceptions, so an I/O failure is
     * unchecked and an interrupt is kept.
     */
    public Map<String, Double> stats() {
        ServerControl.Reply reply = askUnchecked("stats");
        return reply == null ? Map.of() : reply.values();
    }

    /** Clears the server's counters and peaks (in a workload's {@code prepare}); failures as {@link #stats}. */
    public void reset() {
        askUnchecked("reset");
    }

    private ServerControl.Reply askUnchecked(String command) {
        try {
            return ask(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private synchronized ServerControl.Reply ask(String command) throws IOException, InterruptedException {
        if (!child.isAlive()) {
            throw new IOException("the server exited with code " + child.exitValue() + lastLines(child));
        }
        long id = ++lastId;
        commands.write((command + " " + id + "\n").getBytes(StandardCharsets.US_ASCII));
        commands.flush();
        long deadline = System.nanoTime() + replyTimeout.toNanos();
        for (long left = replyTimeout.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            ServerControl.Reply reply = output.replies().poll(left, TimeUnit.NANOSECONDS);
            if (reply == null) {
                break;
            }
            if (reply.id() == id) {
                return reply;
            }
            // Any other id answers an earlier command given up on: dropped, it is not this one's answer.
        }
        throw new IOException("the server did not answer '" + command + "' within "
                + Units.formatDuration(replyTimeout.toNanos()) + lastLines(child));
    }

    /**
     * Stops the server. One that writes its class-data sharing archive at exit is asked to end
     * ({@value ServerControl#EXIT}; stdin then closes) and killed if still alive after 30 s; any other is killed at once, since its JVM's own exit
     * would wait 300 ms for its threads blocked in native I/O, and it has nothing to save.
     */
    @Override
    public void close() {
        if (profile != null) {
            TrialProfiling.detach(profile, profile.finish());
            profile = null;
        }
        try {
            if (writesArchive) {
                commands.write((ServerControl.EXIT + "\n").getBytes(StandardCharsets.US_ASCII));
                commands.flush();
            }
            commands.close();
        } catch (IOException ignored) {
            // already gone
        }
        if (!writesArchive) {
            child.kill();
            return;
        }
        try {
            child.waitOrKill(ARCHIVE_EXIT_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A server's profiles within its trial's: resumed and paused by command, finished before the server is
     * stopped. A server that does not answer leaves its profiles missing, never the trial failed.
     */
    private record Profile(ServerProcess server, String name, Path records, List<ProfilerSpec> specs)
            implements TrialProfiling.Participant {
        @Override
        public void resume() {
            tell("prof-resume");
        }

        @Override
        public void pause() {
            tell("prof-pause");
        }

        private void tell(String command) {
            try {
                server.ask(command);
            } catch (IOException e) {
                System.out.println("server: " + command + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        List<ProfileRecord> finish() {
            String why;
            try {
                ServerControl.Reply reply = server.ask("prof-finish");
                if (reply.values().containsKey("ok")) {
                    return ProfileRecordFile.read(records).stream().map(r -> r.of(name)).toList();
                }
                why = "the server could not write its profiles' records (its log says why)";
            } catch (IOException e) {
                why = "the server's profiles could not be finished: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = "interrupted";
            }
            String reason = why;
            return specs.stream().map(s -> new ProfileRecord(s.toString(), List.of(), null, reason, name)).toList();
        }
    }

    private static String lastLines(ChildProcess child) {
        List<String> tail = child.tail();
        return tail.isEmpty() ? "" : "; last output: " + String.join(" | ", tail);
    }
}
