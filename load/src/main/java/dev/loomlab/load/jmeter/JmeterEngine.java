package dev.loomlab.load.jmeter;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.engine.EngineOutcome;
import dev.loomlab.core.engine.EngineSpec;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.core.param.Units;
import dev.loomlab.load.EngineFailure;
import dev.loomlab.load.LatencyBasis;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.RequestError;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Apache JMeter as a {@link LoadEngine}: the same load definition — closed users or an open rate, warm-up, ramp,
 * duration, timeout, URL, expected body — runs as a JMeter test plan in a JVM of its own (module {@code jmeter},
 * one JVM per load run, on its own class path), embedded there or as the controller of remote JMeter engines
 * ({@link RemoteEngines}), and its samples come back as a {@link LoadReport}. Its latency is always from the actual
 * send ({@link LatencyBasis#ACTUAL_SEND}): JMeter never corrects for coordinated omission.
 *
 * <p>{@link #prepare} starts the JVM, which builds the plan and looks every remote engine up; a refusal there is bad
 * input, before anything was sent. {@link Prepared#run} starts the load, relays the JVM's progress line a second,
 * waits — at most the users' connects, the warm-up, the duration, one request timeout and a margin, then it kills
 * the JVM — and reads its outcome. A JVM that dies, or ends without an outcome, fails the run ({@link EngineFailure}).
 */
public final class JmeterEngine implements LoadEngine {
    public static final String NAME = "jmeter";
    /** The JMeter the engine is built with (module jmeter's pom); the outcome names the one that ran. */
    public static final String VERSION = "5.6.3";
    /** How long the JVM may take to start JMeter, build the plan and find the remote engines. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    /** Beyond the run's own length: the JVM's start of the load, the users' connects, writing the outcome. */
    private static final Duration RUN_MARGIN = Duration.ofSeconds(45);
    /** How long a JVM that has written its outcome may take to exit (the first writes its class-data archive). */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

    private final RemoteEngines remotes;

    /** A JMeter engine on this machine. */
    public JmeterEngine() {
        this(RemoteEngines.NONE);
    }

    /** A JMeter controller of {@code remotes}, or an engine on this machine when there are none. */
    public JmeterEngine(RemoteEngines remotes) {
        this.remotes = remotes;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String announce(LoadSpec spec) {
        return ", engine JMeter " + VERSION + (remotes.isEmpty() ? " in a JVM of its own"
                : " on remote engines " + String.join(",", remotes.addresses()));
    }

    /** JMeter as built, what its latency means, no remote engine's part: a run that broke off said no more. */
    @Override
    public LoadEngineInfo info(LoadSpec spec) {
        return new LoadEngineInfo(NAME, VERSION, latencyNote(spec), List.of());
    }

    @Override
    public String latencyNote(LoadSpec spec) {
        return spec.isOpen()
                ? "from the actual send (JMeter's open model: Poisson arrivals, a thread and usually a connection per arrival;"
                        + " NOT corrected for coordinated omission, unlike loomlab's open model)"
                : "from the actual send (JMeter, closed model: not corrected for coordinated omission, as loomlab's closed model)";
    }

    /**
     * What JMeter cannot run as asked, checked before any JVM starts.
     *
     * @throws BadInputException naming it
     */
    public void check(LoadSpec spec) {
        if (remotes.isEmpty() && !spec.isLocal()) {
            throw new BadInputException("'" + spec.target().getHost() + "' is not this machine: loomlab loads only 127.0.0.0/8 (or"
                    + " localhost); remote JMeter engines (--remote) may load another with --allow-remote-target");
        }
        if (!spec.isOpen() && spec.ramp().intervalNanos() > 0 && (notWhole(spec.warmup()) || notWhole(Duration.ofNanos(spec.ramp().intervalNanos())))) {
            throw new BadInputException("--engine jmeter adds each step's users as a thread group, which starts on a whole second:"
                    + " --warmup and --ramp must be whole seconds");
        }
        if (!spec.isOpen() && spec.users() < remotes.addresses().size()) {
            throw new BadInputException("--users " + spec.users() + " over " + remotes.addresses().size() + " remote engines: give each"
                    + " engine one user at least");
        }
        if (spec.timeout().toMillis() > Integer.MAX_VALUE) {
            throw new BadInputException("--engine jmeter takes a request timeout up to " + Integer.MAX_VALUE + " ms");
        }
    }

    private static boolean notWhole(Duration d) {
        return d.toNanos() % 1_000_000_000L != 0;
    }

    @Override
    public Prepared prepare(LoadSpec spec) throws IOException, InterruptedException {
        check(spec);
        Path dir = Files.createTempDirectory("loomlab-jmeter-run-");
        boolean ready = false;
        EngineJvm jvm = null;
        try {
            Path specFile = dir.resolve("spec.properties");
            Path outcomeFile = dir.resolve("outcome.properties");
            engineSpec(spec, remotes).write(specFile);
            jvm = EngineJvm.start("run", List.of("run", specFile.toString(), outcomeFile.toString()));
            EngineLine.Parsed first = jvm.next(READY_TIMEOUT);
            if (first == null) {
                throw new IOException("the JMeter engine (pid " + jvm.pid() + ") was not ready within "
                        + READY_TIMEOUT.toSeconds() + " s" + jvm.lastLines());
            }
            if (first == EngineJvm.END) {
                throw new IOException("the JMeter engine (pid " + jvm.pid() + ") " + jvm.ending(" before it was ready"));
            }
            if (first.word().equals(EngineLine.REFUSED)) {
                throw new BadInputException(first.rest());
            }
            if (!first.word().equals(EngineLine.READY)) {
                throw new IOException("the JMeter engine said '" + first.word() + " " + first.rest() + "' before it was ready");
            }
            ready = true;
            return new Run(spec, jvm, dir, outcomeFile);
        } finally {
            if (!ready) {
                if (jvm != null) {
                    jvm.close();
                }
                delete(dir);
            }
        }
    }

    /** The spec the engine's JVM reads. */
    static EngineSpec engineSpec(LoadSpec spec, RemoteEngines remotes) {
        return new EngineSpec(spec.target(), spec.isOpen() ? 0 : spec.users(), spec.isOpen() ? spec.rate() : 0,
                spec.warmup().toNanos(), spec.duration().toNanos(), spec.ramp().intervalNanos(), spec.timeout().toNanos(),
                spec.expectBody(), remotes.addresses(), remotes.callbackHost(), remotes.callbackPort(),
                remotes.keystore() == null ? null : remotes.keystore().toString(), true);
    }

    /** A prepared run: the JVM waits for {@code go}. */
    private final class Run implements Prepared {
        private final LoadSpec spec;
        private final EngineJvm jvm;
        private final Path dir;
        private final Path outcomeFile;

        Run(LoadSpec spec, EngineJvm jvm, Path dir, Path outcomeFile) {
            this.spec = spec;
            this.jvm = jvm;
            this.dir = dir;
            this.outcomeFile = outcomeFile;
        }

        @Override
        public LoadEngine.Run run(Consumer<LoadProgress> progress, boolean latencies) throws InterruptedException {
            try {
                jvm.tell(EngineLine.GO);
            } catch (IOException e) {
                throw new EngineFailure("the JMeter engine (pid " + jvm.pid() + ") " + jvm.ending(" before the load started"));
            }
            Duration limit = Duration.ofMillis(Math.min(spec.timeout().toMillis(), 10_000) + 3_000).plus(spec.warmup())
                    .plus(spec.duration()).plus(spec.timeout()).plus(RUN_MARGIN);
            long started = System.nanoTime();
            long deadline = started + limit.toNanos();
            long cpuAtStart = jvm.cpuNanos();
            double rssPeak = Double.NaN;
            double threadsPeak = Double.NaN;
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    jvm.close();
                    throw new EngineFailure("the JMeter engine (pid " + jvm.pid() + ") did not finish within "
                            + Units.formatDuration(limit.toNanos()) + ", the run's length and a margin: killed" + jvm.lastLines());
                }
                EngineLine.Parsed line = jvm.next(Duration.ofNanos(Math.min(left, 200_000_000L)));
                if (line == null) {
                    continue;
                }
                if (line == EngineJvm.END) {
                    throw new EngineFailure("the JMeter engine (pid " + jvm.pid() + ") " + jvm.ending(
                            " during the run, before it wrote its outcome"));
                }
                switch (line.word()) {
                    case EngineLine.PROGRESS -> {
                        // the engine JVM's own footprint, once a second: what its threads per user cost
                        double[] now = jvm.residentAndThreads();
                        rssPeak = Double.isNaN(rssPeak) ? now[0] : Math.max(rssPeak, now[0]);
                        threadsPeak = Double.isNaN(threadsPeak) ? now[1] : Math.max(threadsPeak, now[1]);
                        progress.accept(progress(EngineLine.Progress.parse(line.rest()), latencies));
                    }
                    case EngineLine.FAILED -> {
                        jvm.close();
                        throw new EngineFailure("the JMeter run broke off: " + line.rest());
                    }
                    case EngineLine.REFUSED -> {
                        // found only when the test was sent (a remote engine busy with another controller's test)
                        jvm.close();
                        throw new EngineFailure("the JMeter run could not start: " + line.rest());
                    }
                    case EngineLine.DONE -> {
                        EngineOutcome outcome;
                        try {
                            outcome = EngineOutcome.read(outcomeFile);
                        } catch (IOException | IllegalArgumentException e) {
                            throw new EngineFailure("the JMeter engine's outcome cannot be read: " + e.getMessage());
                        }
                        Map<String, Double> figures = new LinkedHashMap<>();
                        long cpu = jvm.cpuNanos();
                        long wall = System.nanoTime() - started;
                        if (cpu >= 0 && cpuAtStart >= 0 && wall > 0) {
                            figures.put(LoadMetrics.ENGINE_CPU_PCT.name(), 100.0 * (cpu - cpuAtStart) / ((double) wall
                                    * Runtime.getRuntime().availableProcessors()));
                        }
                        if (!Double.isNaN(rssPeak)) {
                            figures.put(LoadMetrics.ENGINE_PEAK_RSS_MB.name(), rssPeak);
                        }
                        if (!Double.isNaN(threadsPeak)) {
                            figures.put(LoadMetrics.ENGINE_THREADS_PEAK.name(), threadsPeak);
                        }
                        jvm.awaitExit(EXIT_WAIT);
                        return new LoadEngine.Run(report(outcome, spec), info(outcome, spec), figures);
                    }
                    default -> {
                        // started, or a word of a newer engine: nothing to do
                    }
                }
            }
        }

        @Override
        public void close() {
            jvm.close();
            delete(dir);
        }
    }

    /** A progress line as the load's progress: what has ended of the measured span so far. */
    static LoadProgress progress(EngineLine.Progress p, boolean latencies) {
        Map<RequestError, Long> kinds = new EnumMap<>(RequestError.class);
        for (RequestError kind : RequestError.values()) {
            kinds.put(kind, p.errors().getOrDefault(kind.name().toLowerCase(Locale.ROOT), 0L));
        }
        return new LoadProgress(p.elapsedMillis() * 1_000_000L, p.phase(), p.sent(), p.ok(), p.errorCount(), 0, kinds,
                latencies ? p.latency() : null);
    }

    /** The engine's outcome as loomlab's load report: latency from the actual send, no generator lag, nothing queued. */
    static LoadReport report(EngineOutcome o, LoadSpec spec) {
        Map<RequestError, Long> errors = new LinkedHashMap<>();
        for (RequestError kind : RequestError.values()) {
            errors.put(kind, o.errors().getOrDefault(kind.name().toLowerCase(Locale.ROOT), 0L));
        }
        Map<String, Long> servedBy = new LinkedHashMap<>();
        for (ServingThread t : ServingThread.values()) {
            servedBy.put(t.header(), o.servedBy().getOrDefault(t.header(), 0L));
        }
        servedBy.put("unnamed", o.servedBy().getOrDefault("unnamed", 0L));
        Map<Integer, Long> statuses = new LinkedHashMap<>();
        o.statuses().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> statuses.put(e.getKey(), e.getValue()));
        Histogram latency = o.latency();
        // JMeter's open model schedules rate × duration arrivals; it never queues one (a thread per arrival)
        double targetRate = spec.isOpen() ? spec.rate() : Double.NaN;
        return new LoadReport(o.sent(), o.ok(), o.okInSpan(), errors, statuses, servedBy, o.connectionsOpened(),
                LatencyBasis.ACTUAL_SEND, latency, latency, o.measuredNanos(), targetRate, new Histogram(3), 0);
    }

    /** What a result says of the engine: JMeter's version, what its latency means, and each remote engine's part. */
    LoadEngineInfo info(EngineOutcome o, LoadSpec spec) {
        List<LoadEngineInfo.Remote> parts = new ArrayList<>();
        for (EngineOutcome.Remote r : o.remotes()) {
            parts.add(new LoadEngineInfo.Remote(r.address(), spec.isOpen() ? null : r.users(), spec.isOpen() ? r.rate() : null,
                    r.requests(), r.ok()));
        }
        return new LoadEngineInfo(NAME, o.version(), latencyNote(spec), parts);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is not worth failing a run for
        }
    }
}
