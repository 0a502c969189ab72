package dev.loomlab.load.web;

import dev.loomlab.load.service.ProcSampler;
import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.model.ModelFailure;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.outcome.LiveChannel;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.server.Endpoint;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Offer;
import dev.loomlab.core.workload.TaskWorkload;
import dev.loomlab.load.HttpLive;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.capacity.CapacityResult;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.session.LoadSession;
import dev.loomlab.load.capacity.SearchPlan;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.GeneratorCeiling;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.outcome.Untrusted;
import dev.loomlab.load.GeneratorValidity;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.load.service.ControlChannelSaturation;
import dev.loomlab.load.service.RunReadings;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.service.ServiceProcess;
import dev.loomlab.load.service.ServiceWatch;
import dev.loomlab.load.Timeline;
import dev.loomlab.load.TimelineRecorder;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.List;
import java.util.function.Consumer;

/**
 * The web scenario's workload for one server model: {@link #open} starts the server in its own JVM,
 * verifies that it answers {@code ok} from the thread kind it promises, and warms it with the same
 * load for the warm-up time, and on while its JIT compiles ({@link JitSettle}, up to {@code settle}); each iteration is one measured load run (closed model with
 * {@code users}, or open with {@code rate}) after a {@link #LEAD_IN} of the same load, while
 * {@link ProcSampler} samples the server each second. Every load run writes a progress line a second
 * to the trial log. A server that dies under load fails the trial ({@link ServerUnderTest#stats}).
 * When the run is watched live ({@link LiveChannel}), each load run also streams its golden signals a second
 * ({@link HttpLive}) and the sampler the server's saturation.
 * An iteration is one "task" to the trial; its latencies are the requests', from their intended send times.
 * With {@code rate=max} each iteration is one capacity search ({@link CapacitySearcher}) of the server against the
 * run's objective, under the generator's own ceiling once a step's rate needs it (measured once per JVM,
 * {@link LoadSession#ceilingWhenNeeded}); its figures are those of the step at the sustainable rate, and the search (every step) goes into the result's {@code capacity}.
 * Every load run — the warm-up and each measured iteration — goes through the scenario's {@link LoadEngine}
 * ({@code engine=loomlab}, the default, or {@code jmeter}: Apache JMeter in a JVM of its own).
 * A search reads the server's own saturation through its control channel and its CPU from /proc at each step, which
 * name the knee's cause ({@link KneeCause}). A measured load whose generator could not be trusted
 * ({@link GeneratorValidity}), or a search stopped by one before any rate passed, makes the result {@code invalid},
 * its figures kept ({@link Untrusted}).
 */
public final class WebWorkload implements TaskWorkload {
    /**
     * Unmeasured load at the start of each iteration: the generator opens its connections afresh, and
     * the measured span should begin with every user connected and the server's queues at their level.
     */
    static final Duration LEAD_IN = Duration.ofSeconds(1);

    /** The load: users or rate, warm-up, duration, ramp, timeout, connections, and with {@code rate=max} the search. */
    private final LoadParams load;
    private final long delayMs;
    private final EndpointSpec endpoint;
    private ServerModel model;
    private ServerUnderTest server;
    private LoadReport report;
    private ProcSampler sampler;
    private Map<String, Double> sampled = Map.of();
    private Map<String, Double> serverStats = Map.of();
    /** Load runs started in this trial, numbering their live samples. */
    private int loadRuns;
    /** The objective the run judges this trial by ({@code --slo}); a search judges its steps by it. */
    private Slo objective;
    private CapacitySearcher.Found found;
    /** What runs each load: loomlab's generator unless the scenario's {@code engine} says otherwise. */
    private LoadEngine engine = LoadEngine.loomlab();
    /** The last load run's engine figures (an engine in a JVM of its own: its CPU, memory, threads); else empty. */
    private Map<String, Double> engineFigures = Map.of();
    /** The CPUs each side was pinned to ({@code load-cpus}: this trial JVM; {@code server-cpus}); a null side is not pinned. */
    private CpuSides pinned = new CpuSides(null, null);
    /** What was read beside the iteration's measured load (the generator's CPU); nothing for a search. */
    private RunReadings readings = RunReadings.NONE;
    /** The most warm-up added while the server's JIT compiles. */
    private Duration settle = Duration.ZERO;
    /** The server's largest heap, bytes; 0: the JVM's default. */
    private long heapBytes;
    /** Whether the server counts the blocks of its threads that must not block. */
    private boolean watchBlocks;
    /** The iteration's load second by second; null for a search or before a measured second. */
    private Timeline timeline;
    /** Measured load runs in this trial, numbering their timelines. */
    private int measuredRuns;
    /** Why the iteration's figures cannot be trusted; null when they can. */
    private String untrusted;

    /** Article 004's sleep endpoint. */
    public WebWorkload(LoadParams load, long delayMs) {
        this(load, delayMs, EndpointSpec.DEFAULT);
    }

    /** Loading {@code endpoint}. */
    public WebWorkload(LoadParams load, long delayMs, EndpointSpec endpoint) {
        this.endpoint = endpoint;
        this.load = load;
        this.delayMs = delayMs;
    }

    /** This workload warming its server up to {@code limit} longer while the server's JIT compiles ({@link JitSettle}). */
    WebWorkload settling(Duration limit) {
        this.settle = limit;
        return this;
    }

    /** This workload's server counting the blocks of its threads that must not block ({@code watch-blocks=yes}). */
    WebWorkload watchingBlocks(boolean on) {
        this.watchBlocks = on;
        return this;
    }

    /** This workload starting its server with a heap of at most {@code bytes} (0: the JVM's default). */
    WebWorkload heap(long bytes) {
        this.heapBytes = bytes;
        return this;
    }

    /** This workload running its loads on {@code value}. */
    WebWorkload using(LoadEngine value) {
        this.engine = value;
        return this;
    }

    /**
     * This workload with its sides pinned to {@code sides}: the trial JVM it runs in was started on {@code sides.load()}
     * (checked at the start), and it starts its server on {@code sides.server()}; a null side is not pinned.
     */
    WebWorkload pinned(CpuSides sides) {
        this.pinned = sides;
        return this;
    }

    @Override
    public void objective(String slo) {
        this.objective = slo == null ? null : Slo.parse(slo);
    }

    /** The server form: the model is the server this workload starts, verifies, warms and loads. */
    @Override
    public List<Offer<?>> offers() {
        return List.of(new Offer<>(ServerModel.FORM, new Offer.Job<ServerModel>() {
            @Override
            public void open(ServerModel server) throws Exception {
                start(server);
            }

            @Override
            public void run(ServerModel server, TaskClock clock) throws InterruptedException {
                load(clock);
            }
        }));
    }

    @Override
    public int tasks() {
        return 1;
    }

    /** Starts, verifies and warms {@code serverModel}; once per trial. */
    void start(ServerModel serverModel) throws Exception {
        model = serverModel;
        Optional<CpuList> own = CpuAffinity.ofThisProcess();
        if (pinned.load() != null && own.isPresent() && !own.get().equals(pinned.load())) {
            throw new ModelFailure("the trial JVM, where the load generator runs, runs on CPUs " + own.get() + ", not on "
                    + CpuSides.LOAD + "=" + pinned.load());
        }
        server = ServerUnderTest.start(model, delayMs, endpoint, ServerArgs.LOOPBACK, 0, pinned.server(), heapBytes, watchBlocks);
        System.out.println("web: " + model.name() + " (pid " + server.pid() + ") at " + server.uri(null) + " answers from a "
                + server.verify().header() + " thread, as promised; endpoint " + endpoint.describe(delayMs));
        new CpuSides(own.orElse(null), server.cpus().orElse(null)).describe().ifPresent(sides -> System.out.println("web: " + sides));
        if (!load.warmup().isZero()) {
            JitSettle.Outcome warmed = JitSettle.warm(load.warmup(), settle, d -> {
                LoadSpec warmSpec = spec(Duration.ZERO, d);
                LoadReport warm = runLoad(warmSpec);
                System.out.println("web: warm-up " + d.toMillis() + " ms: " + warm.line(engine.latencyNote(warmSpec)));
                return Duration.ofNanos(warm.measuredNanos());
            }, () -> server.isAlive() ? server.stats().get(ServerMetrics.stat(ServerMetrics.SERVER_JIT_MS)) : null);
            System.out.println("web: " + warmed.line());
        }
        if (load.search() != null && objective == null) {
            throw new ModelFailure("rate=max searches for the highest rate within an objective: --slo none gives none");
        }
    }

    /**
     * The session every load of this workload runs in, on the scenario's engine; it words a search's steps, the
     * generator's ceiling steps and the server's recovery in the trial log.
     */
    private LoadSession session() {
        return new LoadSession(engine, new LoadSession.Events() {
            @Override
            public void ceiling(CapacitySearch ceiling) {
                if (ceiling.found()) {
                    System.out.println("web: generator ceiling " + ceiling.maxRatePerS() + "/s");
                }
            }

            @Override
            public void ceilingStep(CapacityStep step) {
                System.out.println("web: generator ceiling step " + step.ratePerS() + "/s " + (step.passed() ? "passed"
                        : "failed " + step.reasons()));
            }

            @Override
            public void step(int n, LoadSpec spec) {
                System.out.println("web: step at " + spec.rate() + "/s, " + spec.warmup().toMillis() + " ms + "
                        + spec.duration().toMillis() + " ms measured");
            }

            @Override
            public void judged(int n, CapacityStep step) {
                System.out.println("web: step " + step.ratePerS() + "/s " + (step.passed() ? "passed"
                        : "failed: " + String.join("; ", step.reasons())));
            }

            @Override
            public void recovered(Duration waited) {
                System.out.println("web: " + (waited == null ? "the server did not recover within "
                        + plan().recoveryPatience().toSeconds() + " s" : "the server recovered after " + waited.toMillis() + " ms"));
            }
        });
    }

    /** The search of one {@code rate=max} iteration. */
    private SearchPlan plan() {
        // A step that overloads the server ends one timeout after its span: the search's own timeout keeps that short.
        Duration requestTimeout = load.timeout().compareTo(SearchPlan.defaultTimeout(objective)) < 0 ? load.timeout()
                : SearchPlan.defaultTimeout(objective);
        LoadParams.Search search = load.search();
        // Each step warms as load --find-max's does, or for `warmup` when that is shorter: a run asked to warm briefly.
        Duration stepWarmup = load.warmup().compareTo(SearchPlan.DEFAULT_STEP_WARMUP) < 0 ? load.warmup() : SearchPlan.DEFAULT_STEP_WARMUP;
        return new SearchPlan(objective, search.startRate(), Math.min(search.minRate(), search.startRate()), search.precision(),
                stepWarmup, load.duration(), requestTimeout);
    }

    private LoadSpec spec(Duration warm, Duration measured) {
        // rate=max warms its server with the closed model: the users' own pace cannot overload it.
        return load.rate() > 0
                ? LoadSpec.open(server.uri(null), load.rate(), load.connections(), warm, measured, load.ramp(), load.timeout(),
                        ServerArgs.BODY)
                : LoadSpec.closed(server.uri(null), load.users(), warm, measured, load.ramp(), load.timeout(), ServerArgs.BODY);
    }

    /** The server's GC log: the model is the server, so its pauses are the result's. */
    @Override
    public Optional<Path> modelGcLog() {
        return server == null ? Optional.empty() : server.gcLog();
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }

    /** Resets the server's counters and starts sampling it, before the timed span. */
    @Override
    public void prepare() {
        report = null;
        found = null;
        engineFigures = Map.of();
        readings = RunReadings.NONE;
        untrusted = null;
        timeline = null;
        // A server whose heap ran out stays down: each iteration left records what its users met, errors.
        if (!server.diedOfMemory()) {
            server.reset();
        }
        sampler = new ProcSampler(server.pid(), server.uri(null).getPort(), LiveChannel.isOpen() ? LiveChannel::send : null);
    }

    /**
     * One measured load run, or with {@code rate=max} one capacity search: the timed span holds the generator's
     * lead-in and measured load, or every step of the search.
     */
    void load(TaskClock clock) throws InterruptedException {
        clock.submitted(0);
        if (load.search() == null) {
            LoadSpec spec = spec(LEAD_IN, load.duration());
            ServiceWatch watch = ServiceWatch.start(Service.NONE, spec.warmup(), spec.duration());
            TimelineRecorder recorder = new TimelineRecorder(server.pid(), server::stats);
            try {
                report = runLoad(spec, recorder);
            } finally {
                readings = watch.stop();
                timeline = recorder.timeline(++measuredRuns);
            }
            // An engine in a JVM of its own keeps its schedule there: this JVM's CPU and lateness are not its.
            if (engine.runsInThisJvm()) {
                untrusted = GeneratorValidity.judge(LoadScenario.generatorLagP99Ms(report), Optional.ofNullable(objective),
                        readings.generatorCpuPct(), readings.generatorCores()).orElse(null);
            }
        } else {
            found = search();
            if (found.search().found()) {
                report = found.atMax();
            } else {
                report = found.atStop();
                untrusted = found.search().stoppedWithoutAnswer();
            }
        }
        clock.complete(0, null);
    }

    /** One capacity search of the server, each step logged and, when watched, streamed like any load run. */
    private CapacitySearcher.Found search() throws InterruptedException {
        CapacitySearcher.Found result;
        try {
            Service service = new Service(new ControlChannelSaturation(server::stats), ServiceProcess.of(server.pid()));
            LoadSession session = session();
            result = session.search(plan(), server.uri(null), load.connections(), ServerArgs.BODY, session.ceilingWhenNeeded(),
                    n -> progress(), LiveChannel.isOpen(), service);
        } catch (GeneratorCeiling.Unmeasured e) {
            throw new ModelFailure("rate=max: " + e.getMessage());
        } catch (java.io.UncheckedIOException | dev.loomlab.core.BadInputException e) {
            // as for a single load (runLoad): an engine that cannot run a step fails the trial, named
            Throwable cause = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
            throw new ModelFailure("the " + engine.name() + " load engine could not run a search step: " + cause.getMessage());
        }
        if (!result.search().found() && (result.atStop() == null || result.atStop().ok() == 0)) {
            throw new ModelFailure(model.name() + ": " + (result.search().stopped() != null ? result.search().stoppedWithoutAnswer()
                    : CapacityResult.noPassingRate(result.search())));
        }
        if (result.search().kneeCause() != null) {
            System.out.println("web: knee: " + result.search().kneeCause().line());
        }
        return result;
    }

    /**
     * With {@code rate=max}, the capacity search the iteration was, as its {@link CapacitySearch#SECTION}, and its
     * {@link KneeCause#SECTION}; why the iteration cannot be trusted, when it cannot ({@link Untrusted}).
     */
    @Override
    public Sections sections() {
        Sections out = Sections.NONE;
        if (found != null) {
            out = out.with(CapacitySearch.SECTION, List.of(found.search()));
            if (found.search().kneeCause() != null) {
                out = out.with(KneeCause.SECTION, found.search().kneeCause());
            }
        }
        if (timeline != null) {
            out = out.with(Timeline.SECTION, List.of(timeline));
        }
        return untrusted == null ? out : out.with(Untrusted.SECTION, untrusted);
    }

    /**
     * Runs one load on the scenario's engine, its progress in the trial log and, when watched live, on the live
     * channel. An engine that cannot run it, or breaks off, fails the trial.
     */
    private LoadReport runLoad(LoadSpec spec) throws InterruptedException {
        return runLoad(spec, null);
    }

    /** As {@link #runLoad(LoadSpec)}, each second of progress also handed to {@code timeline} when there is one. */
    private LoadReport runLoad(LoadSpec spec, TimelineRecorder timeline) throws InterruptedException {
        try {
            Consumer<LoadProgress> progress = timeline == null ? progress() : progress().andThen(timeline::tick);
            LoadEngine.Run run = session().run(spec, progress, LiveChannel.isOpen() || timeline != null);
            engineFigures = run.metrics();
            return run.report();
        } catch (IOException | dev.loomlab.core.BadInputException e) {
            throw new ModelFailure("the " + engine.name() + " load engine could not run the load: " + e.getMessage());
        }
    }

    /** Where one load run's progress goes: the trial log and, when watched live, the live channel (numbered by run). */
    private Consumer<LoadProgress> progress() {
        if (!LiveChannel.isOpen()) {
            return WebWorkload::log;
        }
        HttpLive live = new HttpLive(++loadRuns);
        return p -> {
            log(p);
            LiveChannel.send(live.next(p));
        };
    }

    /** A load's progress line, in the trial log. */
    private static void log(LoadProgress progress) {
        System.out.println("web: load " + progress.line());
    }

    /** Every answer named the thread kind the model promises, and the server handled at least every answer it gave. */
    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        long promised = report.servedBy().getOrDefault(model.promise().header(), 0L);
        if (promised != report.ok()) {
            throw new ValidationException((report.ok() - promised) + " of " + report.ok() + " answers of " + model.name()
                    + " did not come from a " + model.promise().header() + " thread, as it promises: " + report.servedBy());
        }
        if (server.diedOfMemory()) {
            return;
        }
        Double handled = serverStats.get(ServerMetrics.stat(ServerMetrics.SERVER_REQUESTS));
        if (handled != null && handled < report.ok()) {
            throw new ValidationException(report.ok() + " answers came back but the server handled only " + handled.longValue());
        }
        Double calls = serverStats.get(ServerMetrics.stat(ServerMetrics.SERVER_DB_CALLS));
        if (endpoint.kind().usesDatabase() && calls != null && calls < report.ok()) {
            throw new ValidationException(report.ok() + " answers came back but the server completed only " + calls.longValue()
                    + " database calls");
        }
    }

    /**
     * The load's figures ({@link LoadReport#metrics}), the bound ({@link #boundFor}) as
     * {@code bound_throughput_per_s} and {@code efficiency_pct} against it, the server's sampled
     * {@code server_cpu_pct}, {@code server_peak_rss_mb}, {@code server_threads_peak}, the
     * {@code server_requests} it handled, for the memory endpoint {@code server_cache_entries}, and for the db
     * endpoints {@code server_db_calls}, the database calls it completed.
     */
    @Override
    public Map<String, Double> collect(TaskClock clock) {
        sampled = sampler.stop();
        sampler.close();
        if (report != null) {
            System.out.println("web: " + model.name() + ": " + report.line(engine.latencyNote(spec(LEAD_IN, load.duration()))));
        }
        try {
            serverStats = server.stats();
        } catch (ModelFailure dead) {
            if (server.diedOfMemory() && report != null) {
                serverStats = Map.of(ServerMetrics.stat(ServerMetrics.SERVER_OUT_OF_MEMORY), 1.0);
                System.out.println("web: " + model.name() + " ran out of heap and exited: the iteration keeps what its load met");
            } else {
                throw report == null ? dead : new ModelFailure(dead.getMessage() + "; the load until then: " + report.ok() + " ok, "
                        + report.errorCount() + " errors (" + report.errorKinds() + ")");
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        double bound = bound();
        boolean searched = found != null && found.search().found();
        double achieved = searched ? found.search().maxRatePerS() : report.throughputPerSecond();
        if (!Double.isNaN(bound)) {
            out.put(WebMetrics.BOUND_THROUGHPUT_PER_S.name(), bound);
            out.put(WebMetrics.EFFICIENCY_PCT.name(), 100.0 * achieved / bound);
        }
        out.putAll(searched ? CapacityResult.metrics(found) : report.metrics());
        int rows = endpoint.rowsPerRequest();
        if (rows > 0 && !searched) {
            out.put(WebMetrics.DB_ROWS_PER_S.name(), rows * report.throughputPerSecond());
        }
        if (readings.generatorCpuPct() != null) {
            out.put(LoadMetrics.GENERATOR_CPU_PCT.name(), readings.generatorCpuPct());
        }
        out.putAll(engineFigures);
        out.putAll(sampled);
        out.putAll(ServerMetrics.figures(serverStats, serverFigures()));
        out.putIfAbsent(ServerMetrics.SERVER_OUT_OF_MEMORY.name(), 0.0);
        return out;
    }

    /** What the server's stats reply gives this endpoint's results: its requests, and the memory or db endpoint's own count. */
    private List<MetricKey> serverFigures() {
        List<MetricKey> keys = new ArrayList<>(List.of(ServerMetrics.SERVER_REQUESTS, ServerMetrics.SERVER_JIT_MS,
                ServerMetrics.SERVER_BLOCKED_EVENTS, ServerMetrics.SERVER_GC_PAUSE_MS, ServerMetrics.SERVER_OUT_OF_MEMORY,
                ServerMetrics.SERVER_TIMER_LATE_P99_MS, ServerMetrics.SERVER_VT_PARALLELISM, ServerMetrics.SERVER_VT_POOL_SIZE));
        if (endpoint.kind() == Endpoint.MEMORY) {
            keys.add(ServerMetrics.SERVER_CACHE_ENTRIES);
        }
        if (endpoint.kind().usesDatabase()) {
            keys.add(ServerMetrics.SERVER_DB_CALLS);
        }
        return keys;
    }

    private double bound() {
        return boundFor(model);
    }

    /**
     * The best throughput physics allows {@code server} (req/s) under constant load; NaN under a ramp. Requests
     * in flight are min(users — or connections, open model —, the model's threads); the open model's bound is
     * also at most its rate. sleep: in flight / delay (Little's law; NaN at delay 0). cpu: min(in flight,
     * the server's cores) / work, a ceiling the load generator's own CPU keeps a run below where they share cores. memory: NaN —
     * what a request costs depends on the heap and its collector, which no formula gives. db-sleep: min(in flight,
     * db-connections) / db-latency, each call holding a connection at least that long. db, db-write, db-write-batch:
     * NaN — a call's time is the database's, which the web scenario does not measure apart (the db scenario does).
     */
    double boundFor(ServerModel server) {
        if (load.ramp().intervalNanos() > 0) {
            return Double.NaN;
        }
        // JMeter's open model caps nothing: a thread per arrival, however many are in flight
        double inFlight = load.rate() > 0 || load.search() != null
                ? (load.rate() > 0 && !engine.boundsConnections() ? Double.POSITIVE_INFINITY : load.connections()) : load.users();
        if (server.threads().isPresent()) {
            inFlight = Math.min(inFlight, server.threads().getAsInt());
        }
        double bound = switch (endpoint.kind()) {
            case SLEEP -> delayMs == 0 ? Double.NaN : inFlight / (delayMs / 1000.0);
            case CPU -> Math.min(inFlight, serverCores()) / (endpoint.workNanos() / 1e9);
            case DB_SLEEP -> endpoint.dbLatencyNanos() == 0 ? Double.NaN
                    : Math.min(inFlight, endpoint.dbConnections()) / (endpoint.dbLatencyNanos() / 1e9);
            case MEMORY, DB, DB_WRITE, DB_WRITE_BATCH, DB_WRITE_BUFFERED -> Double.NaN;
        };
        return load.rate() > 0 ? Math.min(load.rate(), bound) : bound;
    }

    /** The CPUs the server runs on: {@code server-cpus}, else this trial JVM's, which it inherits. */
    private int serverCores() {
        return pinned.server() != null ? pinned.server().size() : Runtime.getRuntime().availableProcessors();
    }

    /** The requests' latencies: a search's are those of its step at the sustainable rate. */
    @Override
    public Optional<Histogram> latencies(TaskClock clock) {
        return Optional.ofNullable(report).map(LoadReport::latency);
    }
}
