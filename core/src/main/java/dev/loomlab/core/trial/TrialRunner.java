package dev.loomlab.core.trial;

import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.gc.GcLog;
import dev.loomlab.core.gc.GcLogging;
import dev.loomlab.core.prof.ProfilerSpec;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.process.ChildJvmFlags;
import dev.loomlab.core.process.ChildProcess;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.server.ClassDataSharing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a trial in a forked JVM: writes its spec, starts {@code java … TrialMain}, copies the fork's
 * output to the trial log, relays its progress lines, and kills it (with its children) at the timeout.
 * Whatever happens — crash, non-zero exit, OOM, signal, timeout — it returns an outcome; a fork that
 * wrote none becomes {@code failed} with the reason and the tail of its log. The fork also writes a GC log
 * beside the trial log ({@link GcLogging}); once the fork has ended (so the JVM has written all of it),
 * the pauses inside each measured iteration's span are read from it into the outcome.
 */
public final class TrialRunner {
    /** Flags every trial JVM gets before the user's: an OOM ends the trial instead of limping on. */
    public static final List<String> DEFAULT_JVM_ARGS = List.of("-XX:+ExitOnOutOfMemoryError");
    private static final int TAIL_LINES = 20;
    /** How long the rest of a fork's output is read after it ended: a process it left behind may hold the pipe. */
    private static final Duration OUTPUT_WAIT = Duration.ofSeconds(10);

    private final String classPath;
    private final boolean live;
    private final List<ProfilerSpec> profilers;

    /** @param classPath the class path of the trial JVM (loomlab's jars) */
    public TrialRunner(String classPath) {
        this(classPath, false, List.of());
    }

    private TrialRunner(String classPath, boolean live, List<ProfilerSpec> profilers) {
        this.classPath = classPath;
        this.live = live;
        this.profilers = List.copyOf(profilers);
    }

    /**
     * This runner, whose trials run {@code profilers} around each measured iteration ({@code --prof}), their
     * files named like the trial log ({@code <log>.jfr}, {@code <log>.async-cpu.jfr}).
     */
    public TrialRunner profiled(List<ProfilerSpec> profilers) {
        return new TrialRunner(classPath, live, profilers);
    }

    /** The profilers its trials run ({@code --prof}); empty when none. */
    public List<ProfilerSpec> profilers() {
        return profilers;
    }

    /**
     * This runner, whose trials stream {@link dev.loomlab.core.outcome.LiveSample}s to the progress listener
     * when {@code live} (a sampler thread then runs in each trial JVM, waking once a second).
     */
    public TrialRunner live(boolean live) {
        return new TrialRunner(classPath, live, profilers);
    }

    /** A runner whose trials use this JVM's class path. */
    public static TrialRunner withCurrentClassPath() {
        return new TrialRunner(System.getProperty("java.class.path"));
    }

    /**
     * Runs {@code spec} on {@code jdk}, logging to {@code log}.
     *
     * @param jvmArgs extra JVM flags, after {@link #DEFAULT_JVM_ARGS}
     * @param timeout wall-clock limit for the whole fork
     */
    public TrialOutcome run(TrialSpec spec, Jdk jdk, List<String> jvmArgs, Duration timeout, Path log,
                            ProgressListener progress) throws IOException, InterruptedException {
        return run(spec, jdk, jvmArgs, null, timeout, log, progress);
    }

    /**
     * As {@link #run(TrialSpec, Jdk, List, Duration, Path, ProgressListener)}, the trial JVM started on {@code cpus}
     * ({@link Taskset}; checked by the caller), so that it sizes its threads to them from its start; null: on this JVM's.
     */
    public TrialOutcome run(TrialSpec spec, Jdk jdk, List<String> jvmArgs, CpuList cpus, Duration timeout, Path log,
                            ProgressListener progress) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        Path work = Files.createTempDirectory("loomlab-trial-");
        try {
            Path specFile = work.resolve("spec.properties");
            Path outcomeFile = work.resolve("outcome.json");
            TrialSpecFile.write(spec, live, profilers.isEmpty() ? null
                    : new TrialSpecFile.Profiling(profilers, profileBase(log), work), specFile);
            List<String> command = new ArrayList<>();
            command.add(jdk.java().toString());
            command.addAll(DEFAULT_JVM_ARGS);
            Path gcLog = GcLogging.pathFor(log);
            command.add(GcLogging.flag(gcLog));
            command.addAll(ProfilerSpec.jvmFlags(profilers));
            command.addAll(ClassDataSharing.flags(jdk.home(), jdk.version(), jdk.feature(), "trial-" + spec.scenario(),
                    classPath, jvmArgs));
            command.addAll(ChildJvmFlags.flags());
            command.addAll(jvmArgs);
            command.addAll(List.of("-cp", classPath, TrialMain.class.getName(), specFile.toString(), outcomeFile.toString()));
            JvmInfo intended = new JvmInfo(jdk.version(), jdk.vendor(), jdk.home().toString(),
                    command.subList(1, command.indexOf("-cp")));

            try (TrialLog trialLog = TrialLog.open(log, progress)) {
                ChildProcess fork = ChildProcess.start(new ProcessBuilder(Taskset.wrap(cpus, command)), "loomlab-trial-log",
                        TAIL_LINES, trialLog);
                boolean finished = fork.waitOrKill(timeout);
                fork.awaitOutput(OUTPUT_WAIT);
                List<String> tail = trialLog.withProblem(fork.tail());
                if (!finished) {
                    return TrialOutcome.failed("timeout: trial exceeded " + format(timeout) + " and was killed" + tail(tail),
                            intended);
                }
                if (Files.isRegularFile(outcomeFile)) {
                    TrialOutcome outcome = withGc(Json.mapper().readValue(outcomeFile.toFile(), TrialOutcome.class), gcLog);
                    if (outcome.status() == Status.FAILED) {
                        return outcome.withError(outcome.error() + tail(tail));
                    }
                    return outcome;
                }
                return TrialOutcome.failed(reason(fork.exitValue(), tail) + tail(tail), intended);
            }
        } finally {
            deleteQuietly(work);
        }
    }

    /**
     * The outcome with the pauses its GC log holds; as it is, without GC figures, when there is no log to
     * read (the JVM could not create it, or it cannot be read): the measurement itself stands.
     */
    private static TrialOutcome withGc(TrialOutcome outcome, Path gcLog) {
        try {
            return Files.isRegularFile(gcLog) ? GcLog.read(gcLog).applyTo(outcome) : outcome;
        } catch (IOException e) {
            return outcome;
        }
    }

    /** The base name of a trial's profile files: its log's path without {@code .log}. */
    static Path profileBase(Path log) {
        String name = log.getFileName().toString();
        return log.toAbsolutePath().resolveSibling(name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name);
    }

    /** Why a fork that wrote no outcome ended, from its exit status and last lines. */
    static String reason(int exit, List<String> tail) {
        boolean oom = tail.stream().anyMatch(l -> l.contains("OutOfMemoryError"));
        if (oom) {
            return "out of memory (exit " + exit + "): "
                    + tail.stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse("").trim();
        }
        if (exit > 128 && exit < 128 + 65) {
            int signal = exit - 128;
            return "crash: killed by signal " + signal + signalName(signal) + " (exit " + exit + ")";
        }
        return "crash: trial JVM exited with code " + exit + " without a result";
    }

    private static String signalName(int signal) {
        return switch (signal) {
            case 9 -> " (SIGKILL)";
            case 15 -> " (SIGTERM)";
            case 11 -> " (SIGSEGV)";
            case 6 -> " (SIGABRT)";
            case 2 -> " (SIGINT)";
            default -> "";
        };
    }

    private static String format(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp file is harmless
        }
    }

    private static String tail(List<String> lines) {
        return lines.isEmpty() ? "" : "\n--- trial log tail ---\n" + String.join("\n", lines);
    }
}
