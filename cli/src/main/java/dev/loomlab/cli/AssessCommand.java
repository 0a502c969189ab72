package dev.loomlab.cli;

import dev.loomlab.load.Timeline;
import dev.loomlab.load.TimelineRecorder;
import dev.loomlab.load.service.Saturation;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.load.Arm;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.capacity.CapacityResult;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.SearchPlan;
import dev.loomlab.load.capacity.SloPool;
import dev.loomlab.load.engines.LoadEngines;
import dev.loomlab.load.service.JmxSaturation;
import dev.loomlab.load.service.PrometheusSaturation;
import dev.loomlab.load.service.RunReadings;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.service.ServiceProcess;
import dev.loomlab.load.service.ServiceWatch;
import dev.loomlab.load.session.LoadSession;
import dev.loomlab.report.AssessAnswer;
import dev.loomlab.report.CapacityText;
import dev.loomlab.report.folder.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code loomlab assess --app "CMD" --url URL --slo SPEC}: starts a user's service once per arm (platform and virtual
 * threads for a Spring Boot jar; any JVM flags or environment otherwise), searches each arm's capacity under the
 * objective, then measures every arm at common rates in alternating turns, the service started afresh for each search
 * and each turn, and answers what moving from the first arm would change ({@link AssessAnswer}). Exit 0; 1 when a
 * measurement failed mid-run (its result says why, the rest went on); 2 on bad input, the service's failure to start
 * for the first arm included (nothing measured, no process left).
 */
@Command(name = "assess", mixinStandardHelpOptions = true,
        description = {"Assess your own service on platform and virtual threads (or any arms): loomlab starts it for each"
                + " arm, finds each arm's capacity within --slo, compares the arms at common rates in alternating turns,"
                + " and says what moving would change."},
        footer = {"", "Examples:",
                "  loomlab assess --app \"java -jar app.jar\" --url http://127.0.0.1:8080/orders --slo \"p99<200ms,errors<0.1%\"",
                "  loomlab assess --app \"java -cp svc.jar Main\" --url http://127.0.0.1:9000/ --arm platform=-Dpool=platform"
                        + " --arm virtual=-Dpool=virtual --dry-run"})
final class AssessCommand implements Callable<Integer> {
    private static final String PREFIX = "loomlab assess";
    /** Exit code of {@code --fail-if-worse} when its arm is worse than the first (1 stays "something failed"). */
    static final int WORSE = 3;
    /** The lowest rate a search tries by default, /s: below {@code load}'s 100/s, since a pinned service may do less. */
    static final double DEFAULT_MIN_RATE = 10;

    @Option(names = "--app", required = true, paramLabel = "\"CMD\"", description = "the command that starts your service"
            + " (java …, a jar, or any command: its JVM then gets the arm's flags through JAVA_TOOL_OPTIONS)")
    String app;

    @Option(names = "--url", required = true, paramLabel = "URL", converter = Converters.HttpUrlConverter.class,
            description = "an endpoint of the service on this machine, assessed on its own; repeatable")
    List<URI> urls = new ArrayList<>();

    @Option(names = "--slo", paramLabel = "SPEC", converter = Converters.SloConverter.class, description = RunOptions.SLO_HELP)
    SloPolicy slo;

    @Option(names = "--arm", paramLabel = "NAME=FLAGS", description = "an arm: its name and the JVM flags it adds, e.g."
            + " virtual=\"-Dspring.threads.virtual.enabled=true\"; repeatable, at least two (a Spring Boot jar has platform"
            + " and virtual by default)")
    List<String> armFlags = new ArrayList<>();

    @Option(names = "--arm-env", paramLabel = "NAME=KEY=VALUE", description = "an environment variable an arm sets; repeatable")
    List<String> armEnv = new ArrayList<>();

    @Option(names = "--spring", description = "the service is a Spring Boot application (found by itself for a Spring Boot"
            + " jar): arms platform and virtual by spring.threads.virtual.enabled")
    boolean spring;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME", description = "run the service on this JDK (>= 21); repeat to add the JDK"
            + " as an axis (default: the command's own java)")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "capacity searches per arm (default 1; 5 give an interval for each median)")
    Integer repeat;

    @Option(names = "--turns", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "alternating turns per arm at each common rate (default 5: the fewest for a 99% interval)")
    Integer turns;

    @Option(names = "--at", paramLabel = "PCT,…", split = ",", converter = Converters.PercentConverter.class,
            description = "the common rates, as shares of the lowest arm's capacity (default 50%,90%)")
    List<Double> at = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s", converter = Converters.DurationConverter.class,
            description = "each measured span: a search step's shortest and a common-rate run's (default ${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "4s", converter = Converters.DurationConverter.class,
            description = "load before each measured span (default ${DEFAULT-VALUE})")
    Duration warmup;

    @Option(names = "--start-rate", paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "the first rate a search tries (default 1000/s; halved while it fails)")
    Double startRate;

    @Option(names = "--min-rate", paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "the lowest rate a search halves down to before it says no rate met the objective (default 10/s:"
                    + " a service that pins its carriers may sustain only tens a second)")
    Double minRate;

    @Option(names = "--precision", paramLabel = "PERCENT", converter = Converters.PercentConverter.class,
            description = "a search stops once the highest passing and the lowest failing rate are this close (default 5%%)")
    Double precision;

    @Option(names = "--start-timeout", paramLabel = "DURATION", defaultValue = "120s", converter = Converters.DurationConverter.class,
            description = "how long the service may take to answer every URL once started (default ${DEFAULT-VALUE})")
    Duration startTimeout;

    @Option(names = "--metrics", paramLabel = "URL", converter = Converters.HttpUrlConverter.class,
            description = "the service's Prometheus endpoint (Spring Boot's /actuator/prometheus …), read once a second during"
                    + " each load: its threads, connection pool, CPU and GC pauses, which name what stops each arm (default:"
                    + " the CPU of the process listening on the URL's port)")
    URI metrics;

    @Option(names = "--prof", paramLabel = "NAME[:OPTION]", description = "profile each arm's first turn (its start"
            + " included): jfr, async[:cpu|wall|alloc|lock]; repeatable; flame graphs and top frames in logs/prof-<arm>/"
            + " (a command that starts with java only)")
    List<String> prof = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", converter = Converters.NonBlankConverter.class,
            description = "results folder (default results/<timestamp>)")
    String out;

    @Option(names = "--fail-if-worse", paramLabel = "ARM", description = "exit 3 when this arm is worse than the first arm"
            + " beyond noise: its capacity, or its p99 at a common rate (the whole 99% interval beyond 5%), or it failed where"
            + " the first did not (a gate for your service's build)")
    String failIfWorse;

    @Option(names = "--dry-run", description = "print the plan and its time estimate; start nothing")
    boolean dryRun;

    @Option(names = "--resume", description = "continue the interrupted assessment in --out: finished searches and"
            + " comparisons are kept, the rest is measured (an unfinished comparison from its first turn)")
    boolean resume;

    @Spec
    CommandSpec commandSpec;

    /** Whether a measured block ran already: a service that fails to start before is bad input, after a failed result. */
    private boolean measuredSome;
    /** The {@code --metrics} endpoint, asked once when the service first answers; null without the option. */
    private PrometheusSaturation.Probed probed;
    /** The signals' handler while the assessment runs. */
    private Interruption interruption;
    /** What the folder already holds ({@code --resume}); nothing for a fresh assessment. */
    private AssessResume kept = AssessResume.NONE;
    /** Whether where the service's figures come from was told (once per assessment). */
    private boolean toldSource;

    @Override
    public Integer call() throws IOException, InterruptedException {
        AssessPlan plan = plan();
        if (dryRun) {
            plan.describe().forEach(System.out::println);
            return 0;
        }
        for (URI url : plan.urls()) {
            LoadSpec.parseTarget(url.toString());
        }
        if (resume && out == null) {
            throw new BadInputException("--resume needs --out DIR: the folder of the assessment to continue");
        }
        AppProcess.requireFree(plan.urls());
        ResultsFolder folder = new ResultsFolder(resume ? Path.of(out) : RunSession.prepareFolder(out));
        try (FolderLock lock = FolderLock.take(folder.dir(), System.err); Interruption interruption = Interruption.install(System.err)) {
            kept = resume ? AssessResume.of(folder.dir(), plan, System.err) : AssessResume.NONE;
            if (!resume) {
                AssessResume.writePlan(folder.dir(), plan);
            }
            List<String> command = Main.typed(commandSpec);
            Instant started = Instant.now();
            plan.describe().forEach(System.err::println);
            List<Result> results = new ArrayList<>();
            boolean failed = false;
            // the load runs in this JVM: a signal stops it here, not only the service it killed
            this.interruption = interruption;
            interruption.interruptOnStop(Thread.currentThread());
            try {
                for (URI url : plan.urls()) {
                    failed |= assess(plan, url, folder, results, interruption);
                    if (interruption.requested()) {
                        break;
                    }
                }
            } catch (InterruptedException e) {
                if (!interruption.requested()) {
                    throw e;
                }
            } finally {
                // no interrupt after this one, which is spent: what follows writes the report
                interruption.cleaningUp();
                Thread.interrupted();
                if (!results.isEmpty()) {
                    Map<String, Object> env = Environment.describe(List.of(Jdk.current()), command, started, Instant.now());
                    folder.writeSummary(env);
                    folder.render(results, env);
                }
            }
            if (interruption.requested()) {
                throw new RunStopped(interruption.exitCode(), "stopped by " + interruption.signalName() + ": " + results.size()
                        + " results kept in " + folder.dir() + "; the same command with --resume --out " + folder.dir() + " continues it");
            }
            AssessAnswer.lines(results).forEach(System.out::println);
            System.out.println("results: " + folder.dir());
            // the gate first: an arm that failed where the first did not is its verdict, not a broken run
            if (failIfWorse != null) {
                List<String> worse = AssessAnswer.worse(results, failIfWorse);
                worse.forEach(w -> System.out.println(PREFIX + ": worse: " + w));
                if (!worse.isEmpty()) {
                    return WORSE;
                }
            }
            return failed ? 1 : 0;
        }
    }

    /** One URL's assessment: each arm's search, then the common rates in turns; true when a measurement failed. */
    private boolean assess(AssessPlan plan, URI url, ResultsFolder folder, List<Result> results, Interruption interruption)
            throws IOException, InterruptedException {
        boolean failed = false;
        Map<Arm, Double> capacity = new LinkedHashMap<>();
        for (Arm arm : plan.arms()) {
            if (interruption.requested()) {
                return failed;
            }
            Optional<Result> done = kept.search(url, arm);
            Result r;
            if (done.isPresent()) {
                r = done.get();
                results.add(r);
                System.err.println(PREFIX + ": " + url + ", arm " + arm.name() + ": its capacity search kept from the folder");
            } else {
                System.err.println(PREFIX + ": " + url + ", arm " + arm.name() + ": its capacity within " + plan.search().slo().spec());
                r = search(plan, url, arm, folder);
                append(folder, results, r);
            }
            failed |= !r.ok();
            if (r.metrics().get(LoadMetrics.MAX_RATE_PER_S.name()) instanceof Summary max) {
                capacity.put(arm, max.median());
            }
        }
        if (capacity.size() < plan.arms().size()) {
            System.err.println(PREFIX + ": " + url + ": an arm found no rate within " + plan.search().slo().spec()
                    + ", so there is no common rate to compare the arms at");
            return true;
        }
        double lowest = capacity.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        List<Double> rates = plan.shares().stream().map(s -> Math.max(1, Math.round(s * lowest * 10) / 10.0)).distinct().sorted()
                .toList();
        Optional<List<Result>> compared = kept.comparison(url, plan.arms(), rates);
        if (compared.isPresent()) {
            System.err.println(PREFIX + ": " + url + ": its comparison at the common rates kept from the folder");
            results.addAll(compared.get());
            return failed;
        }
        Map<Arm, Map<Double, List<LoadScenario.Run>>> runs = new LinkedHashMap<>();
        for (int turn = 1; turn <= plan.turns(); turn++) {
            for (Arm arm : plan.arms()) {
                if (interruption.requested()) {
                    return failed;
                }
                System.err.println(PREFIX + ": " + url + ", turn " + turn + "/" + plan.turns() + ", arm " + arm.name() + ": "
                        + String.join(" and ", rates.stream().map(rate -> Slo.figure(rate) + "/s").toList()));
                Map<Double, List<LoadScenario.Run>> byRate = runs.computeIfAbsent(arm, a -> new LinkedHashMap<>());
                try {
                    List<LoadScenario.Run> measured = turn(plan, url, arm, folder, turn, rates);
                    for (int i = 0; i < measured.size(); i++) {
                        byRate.computeIfAbsent(rates.get(i), k -> new ArrayList<>()).add(measured.get(i));
                    }
                } catch (AppProcess.StartFailure e) {
                    System.err.println(PREFIX + ": " + e.getMessage());
                    failed = true;
                }
            }
        }
        for (Arm arm : plan.arms()) {
            for (double rate : rates) {
                List<LoadScenario.Run> armRuns = runs.getOrDefault(arm, Map.of()).getOrDefault(rate, List.of());
                if (armRuns.isEmpty()) {
                    continue;
                }
                Optional<Result> done = kept.atRate(url, arm, rate);
                if (done.isPresent()) {
                    // finished before the interruption: kept, as run --resume keeps a finished result
                    results.add(done.get());
                    continue;
                }
                Result pooled = LoadScenario.pooled(spec(plan, url, rate), armRuns, Optional.of(plan.search().slo()));
                Result r = plan.policy().judge(LoadScenario.DESCRIPTION, armed(pooled, url, arm, plan));
                append(folder, results, r);
                failed |= !r.ok();
            }
        }
        return failed;
    }

    /**
     * One turn of {@code arm}: the service started afresh, measured at each of {@code rates} in order, then stopped and
     * what its JVM recorded over each measured span read ({@link ServiceRecording}); one run a rate.
     */
    private List<LoadScenario.Run> turn(AssessPlan plan, URI url, Arm arm, ResultsFolder folder, int turn, List<Double> rates)
            throws IOException, InterruptedException, AppProcess.StartFailure {
        String block = "turn" + turn;
        ServiceRecording recording = recording(plan, arm, folder, block);
        // one profile an arm: its first turn, the same load as every other arm's
        ProgramProfiling profiling = prof.isEmpty() || turn > 1 ? null
                : ProgramProfiling.of(prof, folder.logs().resolve("prof-" + arm.name()));
        List<LoadReport> reports = new ArrayList<>();
        List<RunReadings> readings = new ArrayList<>();
        List<Timeline> timelines = new ArrayList<>();
        List<ServiceRecording.Span> spans = new ArrayList<>();
        OptionalLong pid;
        try (AppProcess service = start(plan, url, arm, folder, block, recording,
                profiling == null ? List.of() : profiling.flags())) {
            Service read = service(url, service);
            pid = service.listener(url);
            LoadSession session = new LoadSession(LoadEngines.named(LoadEngines.LOOMLAB), new LoadSession.Events() {
            });
            for (double rate : rates) {
                LoadSpec spec = spec(plan, url, rate);
                session.warm(spec);
                Instant begins = Instant.now().plus(spec.warmup());
                ServiceWatch watch = ServiceWatch.start(read, spec.warmup(), spec.duration());
                Consumer<LoadProgress> line = p -> System.err.println(PREFIX + ":   " + p.line());
                // the watch reads the service once a second already: the timeline shows its last reading
                TimelineRecorder timeline = new TimelineRecorder(pid.orElse(-1), () -> figures(watch.latest()));
                try {
                    reports.add(session.run(spec, line.andThen(timeline::tick), true).report());
                } finally {
                    // stopped either way, so that no reader outlives its run
                    readings.add(watch.stop());
                    timelines.add(timeline.timeline(turn));
                }
                spans.add(new ServiceRecording.Span(begins, begins.plus(spec.duration())));
                System.err.println(PREFIX + ":   " + Slo.figure(rate) + "/s: " + reports.getLast().line());
            }
        }
        if (profiling != null) {
            ProfileText.print(ProfileReading.read(profiling.dir(), profiling.dir(), 1, profiling.records(),
                    PREFIX + ": arm " + arm.name() + ", " + url), profiling.dir(), System.err);
        }
        List<ServiceRecording.Figures> inside = List.of();
        if (pid.isPresent()) {
            try {
                inside = recording.read(pid.getAsLong(), spans);
            } catch (IOException e) {
                System.err.println(PREFIX + ": warning: the service's recording " + recording.file(pid.getAsLong())
                        + " cannot be read: " + e.getMessage());
            }
        }
        if (inside.isEmpty()) {
            System.err.println(PREFIX + ": warning: the service wrote no recording (" + (pid.isPresent()
                    ? recording.file(pid.getAsLong()) : "its process was not found") + "): its pinning, threads and pauses"
                    + " are not known for this turn");
        }
        List<LoadScenario.Run> runs = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            ServiceRecording.Figures f = inside.isEmpty() ? null : inside.get(i);
            runs.add(new LoadScenario.Run(reports.get(i), readings.get(i), f == null ? Map.of() : f.metrics(),
                    f == null ? null : f.pinned(), timelines.get(i)));
        }
        return runs;
    }

    /**
     * What the service told of itself ({@code s}, null: nothing yet), by the stat names a loomlab server uses, for a run's {@link Timeline}: its
     * pool, its pause time so far, its virtual threads waiting for a carrier and its timer's lateness; nothing when it
     * tells nothing.
     */
    private static Map<String, Double> figures(Saturation s) {
        if (s == null) {
            return Map.of();
        }
        Map<String, Double> out = new LinkedHashMap<>();
        put(out, ServerMetrics.SERVER_POOL_ACTIVE, s.poolActive());
        put(out, ServerMetrics.SERVER_POOL_PENDING, s.poolPending());
        put(out, ServerMetrics.SERVER_GC_PAUSE_MS, s.gcPauseSeconds() * 1000);
        put(out, ServerMetrics.SERVER_VT_QUEUED, s.vtQueued());
        put(out, ServerMetrics.SERVER_TIMER_LATE_RECENT_P99_MS, s.timerLateMs());
        return out;
    }

    private static void put(Map<String, Double> out, MetricKey key, double value) {
        if (!Double.isNaN(value)) {
            out.put(ServerMetrics.stat(key), value);
        }
    }

    /** The recording made inside the service for one block, beside its log. */
    private static ServiceRecording recording(AssessPlan plan, Arm arm, ResultsFolder folder, String block) {
        return new ServiceRecording(folder.logs(), "app-" + arm.name() + "-" + block, plan.app().runsJava());
    }

    /** One arm's capacity searches, the service started for them: its result, failed when the service did not start. */
    private Result search(AssessPlan plan, URI url, Arm arm, ResultsFolder folder) throws IOException, InterruptedException {
        ServiceRecording recording = recording(plan, arm, folder, "search");
        Result searched;
        OptionalLong pid;
        Instant from;
        try (AppProcess service = start(plan, url, arm, folder, "search", recording, List.of())) {
            Service read = service(url, service);
            pid = service.listener(url);
            from = Instant.now();
            RepeatedSearch repeated = new RepeatedSearch(url, null, plan.search(), plan.searches(), PREFIX, System.err);
            Consumer<LoadProgress> line = p -> System.err.println(PREFIX + ":   " + p.line());
            List<CapacitySearcher.Found> found = repeated.run(repeated.session(), null, step -> line, false, read);
            if (found == null) {
                return failedResult(plan, url, arm, "the generator could not keep up even against a server that does nothing:"
                        + " this machine is too busy to measure on");
            }
            List<CapacitySearch> done = found.stream().map(CapacitySearcher.Found::search).toList();
            System.out.println(PREFIX + ": arm " + arm.name() + ": " + CapacityText.answer(done));
            CapacityText.knee(done).ifPresent(knee -> System.out.println(PREFIX + ": arm " + arm.name() + " knee: " + knee));
            searched = CapacityResult.result(plan.search(), LoadSession.mostConnections(plan.search(), null, done), found);
        } catch (AppProcess.StartFailure e) {
            System.err.println(PREFIX + ": " + e.getMessage());
            return failedResult(plan, url, arm, e.getMessage());
        }
        // where it pinned during its search, every step: known even for an arm that found no rate to compare at
        List<ServiceRecording.Figures> inside = pid.isEmpty() ? List.of()
                : recording.read(pid.getAsLong(), List.of(new ServiceRecording.Span(from, Instant.now())));
        if (!inside.isEmpty()) {
            searched = searched.toBuilder().section(PinnedStacks.SECTION, inside.getFirst().pinned()).build();
        }
        return plan.policy().judge(LoadScenario.CAPACITY, armed(searched, url, arm, plan));
    }

    /**
     * Starts the service as {@code arm} for one block, its log {@code logs/app-<arm>-<block>.log}, with {@code recording}
     * and the {@code profiling} flags inside it; a failure before anything was measured is bad input.
     */
    private AppProcess start(AssessPlan plan, URI url, Arm arm, ResultsFolder folder, String block, ServiceRecording recording,
                             List<String> profiling) throws IOException, InterruptedException, AppProcess.StartFailure {
        Jdk jdk = arm.jdk() == null ? null : Jdk.at(arm.jdk());
        List<String> flags = new ArrayList<>(plan.readFlags());
        flags.addAll(recording.flags());
        flags.addAll(profiling);
        ProcessBuilder builder = plan.app().builder(arm, jdk, flags);
        String host = url.getHost() + ":" + AppProcess.port(url);
        System.err.println(PREFIX + ": starting the service as " + arm.name() + ", waiting for " + host + " to answer …");
        try {
            AppProcess service = AppProcess.start(builder, folder.logs().resolve("app-" + arm.name() + "-" + block + ".log"),
                    plan.urls(), plan.startTimeout());
            measuredSome = true;
            return service;
        } catch (AppProcess.StartFailure e) {
            if (!measuredSome) {
                throw new BadInputException("the service did not start as " + arm.name() + ": " + e.getMessage());
            }
            throw e;
        }
    }

    /**
     * What is read of the service just started: {@code --metrics} when given, else its JVM's MBeans over local attach
     * (Tomcat's threads, HikariCP's connections, CPU, GC pauses); its CPU from /proc either way. Where it came from is
     * told once.
     */
    private Service service(URI url, AppProcess app) throws InterruptedException {
        if (metrics != null && probed == null) {
            // asked once, when the service first answers: each block then reads the same endpoint
            probed = ServiceReading.probe(metrics);
        }
        ServiceProcess.Lookup lookup = ServiceProcess.listeningOn(AppProcess.port(url));
        if (probed == null && lookup.process() != null) {
            try {
                JmxSaturation mbeans = app.mbeans(lookup.process().pid());
                if (!toldSource) {
                    System.err.println(PREFIX + ": reading the service's threads, connection pool and GC pauses from "
                            + mbeans.describe() + " once a second, its CPU from /proc");
                }
                toldSource = true;
                return new Service(mbeans, lookup.process());
            } catch (IOException e) {
                System.err.println(PREFIX + ": warning: cannot read the service's MBeans (" + e.getMessage() + "); --metrics"
                        + " URL reads its pools from a Prometheus endpoint instead");
            }
        }
        if (toldSource) {
            return new Service(probed == null ? null : probed.source(), lookup.process(), lookup.inThisJvm());
        }
        toldSource = true;
        return ServiceReading.of(probed, AppProcess.port(url), System.err, PREFIX, "--metrics");
    }

    private static Result failedResult(AssessPlan plan, URI url, Arm arm, String why) {
        Result r = CapacityResult.failed(plan.search(), LoadSession.connections(plan.search(), null, plan.search().startRatePerS()),
                why);
        return armed(r, url, arm, plan);
    }

    /** {@code r} with its arm: the section, and the parameters {@code arm} and {@code url}. */
    private static Result armed(Result r, URI url, Arm arm, AssessPlan plan) {
        Map<String, Object> params = new LinkedHashMap<>(r.params());
        params.put(Arm.PARAM, arm.name());
        params.put("url", url.toString());
        return r.toBuilder().params(params).section(Arm.SECTION, arm).build();
    }

    /** A common-rate run at {@code rate}: the plan's warm-up and span, connections sized by the objective. */
    private static LoadSpec spec(AssessPlan plan, URI url, double rate) {
        return LoadSpec.open(url, rate, SloPool.connections(rate, plan.search().slo(), plan.search().timeout()), plan.warmup(),
                plan.duration(), Ramp.CONSTANT, plan.search().timeout(), null);
    }

    private void append(ResultsFolder folder, List<Result> results, Result r) throws IOException {
        // a signal's interrupt must not close the file under a result being written (Interruption.interruptOnStop)
        interruption.uninterrupted(() -> folder.append(r));
        results.add(r);
    }

    /** The plan the options ask for. */
    private AssessPlan plan() {
        AppCommandLine command = AppCommandLine.parse(app);
        if (slo != null && slo.off()) {
            throw new BadInputException("assess needs an objective: --slo none does not apply");
        }
        Slo objective = slo != null && slo.given() != null ? slo.given() : Slo.DEFAULT;
        List<Jdk> jdks = jvms.stream().map(Jdk::at).toList();
        if (!prof.isEmpty()) {
            if (!command.runsJava()) {
                throw new BadInputException("--prof needs a command that starts with java (or a jar): the profiler's file"
                        + " would be written by every JVM " + command.words().getFirst() + " starts");
            }
            ProgramProfiling.of(prof, Path.of("."));
        }
        boolean springBoot = spring || command.isSpringBoot();
        List<Arm> arms = AssessPlan.onJdks(AssessPlan.arms(armFlags, armEnv, springBoot), jdks);
        if (failIfWorse != null && arms.stream().noneMatch(a -> a.name().equals(failIfWorse))) {
            throw new BadInputException("--fail-if-worse " + failIfWorse + ": no such arm (the arms: "
                    + String.join(", ", arms.stream().map(Arm::name).toList()) + ")");
        }
        if (failIfWorse != null && arms.getFirst().name().equals(failIfWorse)) {
            throw new BadInputException("--fail-if-worse " + failIfWorse + " is the first arm, which the others are judged against");
        }
        int searches = repeat == null ? 1 : repeat;
        int t = turns == null ? AssessPlan.DEFAULT_TURNS : turns;
        if (searches < 1 || t < 1) {
            throw new BadInputException("--repeat and --turns must be at least 1");
        }
        List<Double> shares = at.isEmpty() ? AssessPlan.DEFAULT_SHARES : at.stream().map(p -> p / 100).toList();
        if (shares.stream().anyMatch(s -> !(s > 0) || s > 1)) {
            throw new BadInputException("--at takes shares of the lowest capacity above 0% and at most 100%, e.g. 50%,90%");
        }
        for (Duration d : List.of(duration, startTimeout)) {
            if (d.isZero()) {
                throw new BadInputException("--duration and --start-timeout must be above 0");
            }
        }
        double start = startRate != null ? startRate : SearchPlan.DEFAULT_START_RATE;
        double step = precision != null ? precision / 100 : SearchPlan.DEFAULT_PRECISION;
        if (!(step > 0) || step >= 1) {
            throw new BadInputException("--precision must be above 0% and below 100%");
        }
        double lowest = minRate != null ? minRate : Math.min(DEFAULT_MIN_RATE, start);
        if (!(lowest > 0) || lowest > start) {
            throw new BadInputException("--min-rate must be above 0 and at most --start-rate (" + Slo.figure(start) + "/s)");
        }
        SearchPlan search = new SearchPlan(objective, start, lowest, step, warmup,
                duration, SearchPlan.defaultTimeout(objective));
        return new AssessPlan(command, List.copyOf(urls), arms, AssessPlan.readFlags(springBoot), search, new SloPolicy(objective, false), searches, shares, t,
                warmup, duration, startTimeout);
    }
}
