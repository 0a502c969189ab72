package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.CpuSides;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.load.EngineFailure;
import dev.loomlab.load.HttpLive;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadParams;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.capacity.SloPool;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.service.ProcSampler;
import dev.loomlab.load.service.TcpSockets;
import dev.loomlab.load.capacity.CapacityResult;
import dev.loomlab.load.capacity.CapacitySearcher;
import dev.loomlab.load.capacity.SearchPlan;
import dev.loomlab.load.capacity.UrlProbe;
import dev.loomlab.load.engines.LoadEngines;
import dev.loomlab.load.session.LoadSession;
import dev.loomlab.load.jmeter.JmeterEngine;
import dev.loomlab.load.jmeter.RemoteEngines;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.service.PrometheusSaturation;
import dev.loomlab.load.service.RunReadings;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.service.ServiceWatch;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.report.CapacityText;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.folder.ResultsFolder;
import io.micrometer.core.instrument.MeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code loomlab load <url> (--users N | --rate R/s) [--duration 30s] [--warmup 0s | 4s with --rate] [--ramp 0s]
 * [--timeout 30s] [--out DIR]}: loads any local HTTP endpoint with loomlab's generator and writes the
 * result (scenario {@code load}) like a run: results.jsonl, the table, report.html. A progress line a
 * second goes to stderr. With {@code --metrics-port P} the load's golden signals, and the saturation of the
 * process listening on the URL's port when this machine's {@code /proc} shows it, are served to Prometheus
 * while it runs ({@link HttpMetrics}, {@link ServerMetrics}). With {@code --engine jmeter} the same load runs as an Apache
 * JMeter test plan in a JVM of its own ({@link JmeterEngine}), with {@code --remote host:port,…} on remote JMeter engines
 * ({@code loomlab load-agent}), each given its share. Exit 0; 1 when no request succeeded or the run broke off (the
 * result is {@code failed}); 2 on bad input — an unreachable remote engine too, found before anything is sent. The result's
 * parameters record the CPUs the generator and the service ran on ({@link GeneratorCpus}; {@code --cpus} pins the generator).
 */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Load a local HTTP endpoint: closed model (--users; latency from the actual send, not corrected for "
                + "coordinated omission) or open model (--rate; latency from the intended send time, corrected).",
                "Keep-alive HTTP/1.1 on Netty; percentiles p50/p90/p99/p99.9/max, status codes, errors by kind."},
        footer = {"", "Examples:", "  loomlab load http://127.0.0.1:8080/get --users 100 --duration 10s",
                "  loomlab load http://127.0.0.1:8080/get?delay=300ms --rate 5000/s --warmup 5s --ramp 10s",
                "  loomlab load http://127.0.0.1:8080/get --users 200 --duration 10s --engine jmeter",
                "  loomlab load http://127.0.0.1:8080/get --users 21 --engine jmeter --remote 127.0.0.1:4000,127.0.0.1:4002",
                "  loomlab load http://127.0.0.1:8080/get --find-max --cpus 0   # generator on CPU 0 (loomlab serve jdk --cpus 1)"})
final class LoadCommand implements Callable<Integer> {
    @Parameters(paramLabel = "URL", converter = Converters.HttpUrlConverter.class,
            description = "http://127.0.0.1:PORT/path (this machine only, unless --remote … --allow-remote-target)")
    URI url;

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = LoadEngines.LOOMLAB,
            description = "loomlab (default: its own generator) or jmeter (Apache JMeter 5.6.3 in a JVM of its own: a platform"
                    + " thread per user; its latency is never corrected for coordinated omission)")
    String engineName;

    @Option(names = "--remote", paramLabel = "HOST:PORT,…",
            description = "--engine jmeter: run the load on these remote JMeter engines (loomlab load-agent), each its share"
                    + " of the users or rate; on this machine's loopback unless --rmi-keystore or --rmi-insecure")
    String remote;

    @Mixin
    RmiOptions rmi = new RmiOptions();

    @Option(names = "--rmi-port", paramLabel = "P", description = "--remote: the port the engines call this machine back on"
            + " with every sample (default: any free one)")
    Integer rmiPort;

    @Option(names = "--allow-remote-target", description = "--remote: the URL may be on another machine (the remote engines"
            + " load it from where they run)")
    boolean allowRemoteTarget;

    @Option(names = "--" + LoadParams.USERS, paramLabel = "N", converter = Converters.CountConverter.class,
            description = "closed model: N users, each sending again once answered")
    Long users;

    @Option(names = "--" + LoadParams.RATE, paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "open model: R requests per second on a schedule")
    Double rate;

    /** {@code --duration} when not given is also a {@code --find-max} step's shortest span ({@link SearchPlan#DEFAULT_SHORTEST_STEP}). */
    @Option(names = "--" + LoadParams.DURATION, paramLabel = "DURATION", defaultValue = LoadParams.DEFAULT_DURATION,
            converter = Converters.DurationConverter.class,
            description = "measured load (default ${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--" + LoadParams.WARMUP, paramLabel = "DURATION", defaultValue = LoadParams.DEFAULT_WARMUP, converter = Converters.DurationConverter.class,
            description = "load before measuring; with --rate it climbs to the rate in ten steps over its first half, then holds it"
                    + " (default ${DEFAULT-VALUE} with --users, 4s with --rate: a --find-max step's)")
    Duration warmup;

    @Option(names = "--" + LoadParams.RAMP, paramLabel = "DURATION", defaultValue = LoadParams.DEFAULT_RAMP, converter = Converters.DurationConverter.class,
            description = "step load: +20% users or rate every interval (default ${DEFAULT-VALUE}: constant)")
    Duration ramp;

    @Option(names = "--" + LoadParams.TIMEOUT, paramLabel = "DURATION", defaultValue = LoadParams.DEFAULT_TIMEOUT, converter = Converters.DurationConverter.class,
            description = "per request (default ${DEFAULT-VALUE}; with --rate and an --slo that limits latency, ten times its"
                    + " tightest limit, 1s to 30s: a --find-max step's)")
    Duration timeout;

    @Option(names = "--" + LoadParams.CONNECTIONS, paramLabel = "N", converter = Converters.CountConverter.class,
            description = "open model: most connections (default: the most requests in flight on average at the rate while --slo"
                    + " holds, 100 to 10,000; 10,000 when it sets no latency limit)")
    Long connections;

    @Option(names = "--expect", paramLabel = "BODY", description = "a 2xx answer must carry exactly this body (default: any)")
    String expect;

    @Option(names = "--slo", paramLabel = "SPEC", converter = Converters.SloConverter.class, description = RunOptions.SLO_HELP)
    SloPolicy slo;

    @Option(names = "--find-max", description = "find the highest open-model rate that meets --slo (default p99<500ms,errors<1%%):"
            + " doubling from --start-rate until a step fails, then bisecting to --precision; --warmup and --duration are each"
            + " step's (default 4s and at least 30s, as a --rate run's; longer when the SLO's percentile needs more requests)")
    boolean findMax;

    @Option(names = "--" + LoadParams.START_RATE, paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "--find-max: the first rate tried (default 1000/s); halved while it fails, down to --min-rate")
    Double startRate;

    @Option(names = "--" + LoadParams.MIN_RATE, paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "--find-max: the lowest rate tried (default 100/s)")
    Double minRate;

    @Option(names = "--" + LoadParams.PRECISION, paramLabel = "PERCENT", converter = Converters.PercentConverter.class,
            description = "--find-max: stop once the highest passing and the lowest failing rate are this close (default 5%%)")
    Double precision;

    @Option(names = "--repeat", paramLabel = "N", converter = Converters.IntCountConverter.class,
            description = "--find-max: run N independent searches, each from --start-rate, and report the median rate with"
                    + " its range (and from 5 searches an interval for the median); default 1")
    Integer repeat;

    @Option(names = "--out", paramLabel = "DIR", converter = Converters.NonBlankConverter.class,
            description = "results folder (default results/<timestamp>)")
    String out;

    @Option(names = "--cpus", paramLabel = "LIST", converter = Converters.CpuListConverter.class,
            description = "run the generator on these CPUs, e.g. 0 or 0-1: the launcher starts its JVM on them (taskset), so"
                    + " its threads are sized to them; keep the service on others (loomlab serve --cpus)")
    CpuList cpus;

    @Option(names = "--service-metrics", paramLabel = "URL", converter = Converters.HttpUrlConverter.class,
            description = "the service's Prometheus endpoint (loomlab serve --metrics-port, Spring Boot's /actuator/prometheus …),"
                    + " read once a second during each load: its threads, connection pool, CPU and GC pauses, which name"
                    + " a search's knee (default: the CPU of the process listening on the URL's port)")
    URI serviceMetrics;

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Spec
    CommandSpec commandSpec;

    /** The CPUs each side had, recorded in the result's parameters; known once the target is. */
    private CpuSides sides = new CpuSides(null, null);

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (cpus != null) {
            if (remote != null) {
                throw new BadInputException("--cpus pins this machine's generator: with --remote the load runs on the remote"
                        + " engines");
            }
            GeneratorCpus.require(cpus);
        }
        if (findMax) {
            return findMax();
        }
        rejectSearchOptions();
        LoadEngine engine = engine();
        LoadSpec spec = spec();
        PrometheusSaturation.Probed probed = ServiceReading.probe(serviceMetrics);
        // The engine checks what it can run before anything starts: a refusal (an unreachable remote engine, a plan JMeter
        // will not build) is bad input, with no folder written and nothing sent.
        try (LoadEngine.Prepared ready = engine.prepare(spec)) {
            Optional<MetricsEndpoint> endpoint = metrics.start();
            try {
                ResultsFolder folder = new ResultsFolder(RunSession.prepareFolder(out));
                try (FolderLock lock = FolderLock.take(folder.dir(), System.err)) {
                    endpoint.ifPresent(e -> MetricsEndpoint.announce(e, System.err));
                    return run(spec, engine, ready, folder, endpoint.map(MetricsEndpoint::registry), probed);
                }
            } finally {
                endpoint.ifPresent(MetricsEndpoint::close);
            }
        }
    }

    /**
     * Loads, writes the folder, prints the table; 0 when some request succeeded and the generator kept its schedule, else
     * 1 (a run that broke off, or one whose generator could not be trusted: {@code invalid}).
     */
    private int run(LoadSpec spec, LoadEngine engine, LoadEngine.Prepared ready, ResultsFolder folder,
                    Optional<MeterRegistry> metrics, PrometheusSaturation.Probed probed) throws IOException, InterruptedException {
        List<String> command = Main.typed(commandSpec);
        Instant started = Instant.now();
        System.out.println("loomlab load: " + spec.modelName() + " against " + spec.target() + " for "
                + Units.formatDuration(duration.toNanos())
                + (spec.warmup().isZero() ? "" : " after a " + Units.formatDuration(spec.warmup().toNanos()) + " warm-up")
                + engine.announce(spec));
        if (remote == null) {
            sides = GeneratorCpus.of(url, spec.isLocal());
            sides.describe().ifPresent(line -> System.out.println("loomlab load: " + line));
        }
        System.out.flush();
        Service service = ServiceReading.of(probed, spec.isLocal() ? spec.port() : null, System.err);
        Map<String, Double> ceiling = new LoadSession(engine, warmEvents(spec)).warm(spec);
        Consumer<LoadProgress> line = p -> System.err.println("loomlab load: " + p.line());
        LoadEngine.Run run;
        RunReadings readings = RunReadings.NONE;
        ServiceWatch watch = ServiceWatch.start(service, spec.warmup(), spec.duration());
        try {
            if (metrics.isEmpty()) {
                run = ready.run(line, false);
            } else {
                try (ProcSampler server = spec.isLocal() ? sampleServer(spec.port(), new ServerMetrics(metrics.get())) : null) {
                    HttpLive live = new HttpLive(1);
                    HttpMetrics.Feed feed = new HttpMetrics(metrics.get()).feed();
                    run = ready.run(line.andThen(p -> feed.accept(live.next(p))), true);
                }
            }
        } catch (EngineFailure e) {
            // The run broke off: a failed result that says why, and which engine.
            Result broken = LoadScenario.failed(spec, e.getMessage());
            Result failed = broken.toBuilder().params(sides.addedTo(broken.params()))
                    .section(LoadEngineInfo.SECTION, engine.info(spec)).build();
            write(folder, failed, command, started);
            System.err.println("loomlab load: " + e.getMessage());
            System.out.print(ConsoleReport.render(List.of(failed)));
            System.out.println("results: " + folder.dir());
            return 1;
        } finally {
            readings = watch.stop();
        }
        LoadReport report = run.report();
        Map<String, Double> figures = new LinkedHashMap<>(run.metrics());
        figures.putAll(ceiling);
        SloPolicy policy = slo != null ? slo : SloPolicy.DEFAULT;
        // An engine in a JVM of its own keeps its schedule there: this JVM's CPU and lateness are not its.
        Result measured = LoadScenario.result(spec, report, figures,
                engine.runsInThisJvm() ? readings : new RunReadings(null, 0, readings.service()),
                engine.runsInThisJvm() ? policy.forScenario(LoadScenario.DESCRIPTION) : Optional.empty());
        Result result = measured.toBuilder().params(sides.addedTo(measured.params()))
                .section(LoadEngineInfo.SECTION, run.engine()).build();
        result = policy.judge(LoadScenario.DESCRIPTION, result);
        write(folder, result, command, started);
        System.out.println("loomlab load: " + report.line(engine.latencyNote(spec)));
        if (run.engine() != null) {
            for (LoadEngineInfo.Remote r : run.engine().remotes()) {
                System.out.println(String.format(Locale.ROOT, "loomlab load:   remote engine %s, %s: %,d requests, %,d ok", r.address(),
                        r.users() != null ? r.users() + " users" : BigDecimal.valueOf(r.ratePerS()).stripTrailingZeros().toPlainString()
                                + "/s", r.requests(), r.ok()));
            }
        }
        if (readings.service() != null && !readings.service().line().isEmpty()) {
            System.out.println("loomlab load: service: " + readings.service().line());
        }
        if (result.status() == Status.INVALID) {
            System.out.println("loomlab load: invalid: " + result.error() + "; the figures are kept, for what they show");
        }
        System.out.print(ConsoleReport.render(List.of(result)));
        System.out.println("results: " + folder.dir());
        return result.ok() ? 0 : 1;
    }

    /** Writes the load's one result to the folder: results.jsonl, the summary with this JDK's environment, the reports. */
    private static void write(ResultsFolder folder, Result result, List<String> command, Instant started) throws IOException {
        folder.append(result);
        Map<String, Object> env = Environment.describe(List.of(Jdk.current()), command, started, Instant.now());
        folder.writeSummary(env);
        folder.render(List.of(result), env);
    }

    /**
     * What a fixed load says while its generator warms ({@link LoadSession#warm}): the ceiling when it was measured,
     * and a warning when the load asks for a rate near it.
     */
    private static LoadSession.Events warmEvents(LoadSpec spec) {
        return new LoadSession.Events() {
            @Override
            public void warming() {
                System.err.println("loomlab load: warming the generator for 2 s against a server inside this process …");
            }

            @Override
            public void warmingWithCeiling(boolean measuredBefore) {
                System.err.println(measuredBefore
                        ? "loomlab load: warming the generator for 2 s against a server inside this process (its ceiling was"
                                + " measured earlier in this JVM) …"
                        : "loomlab load: warming the generator by measuring its own ceiling against a server inside this"
                                + " process (as --find-max does) …");
            }

            @Override
            public void ceiling(CapacitySearch ceiling) {
                if (!ceiling.found()) {
                    System.err.println("loomlab load: warning: the generator could not keep up even with "
                            + Slo.figure(ceiling.steps().getLast().ratePerS()) + "/s against a server that does nothing: this machine"
                            + " is too busy for " + Slo.figure(spec.rate()) + "/s to be the target's figure");
                    return;
                }
                double cap = ceiling.maxRatePerS();
                System.err.println("loomlab load: generator ceiling " + Slo.figure(cap) + "/s");
                if (LoadSession.nearCeiling(spec.rate(), cap)) {
                    System.err.println(String.format(Locale.ROOT, "loomlab load: warning: %s/s is %.0f%% of the generator's own ceiling"
                            + " on this machine: late sends and latencies may be the generator's, not the target's (see generator_lag_p99_ms)",
                            Slo.figure(spec.rate()), 100 * spec.rate() / cap));
                }
            }
        };
    }

    /**
     * The engine {@code --engine} and {@code --remote} name, the options only JMeter takes refused without it.
     *
     * @throws BadInputException naming what does not go together
     */
    private LoadEngine engine() {
        boolean jmeter = engineName.equals(LoadEngines.JMETER);
        if (remote == null) {
            for (String option : List.of("--rmi-keystore", "--rmi-insecure", "--rmi-port", "--allow-remote-target")) {
                if (given(option)) {
                    throw new BadInputException(option + " applies only with --remote (remote JMeter engines)");
                }
            }
        }
        if (remote != null && !jmeter && LoadEngines.NAMES.contains(engineName)) {
            throw new BadInputException("--remote runs the load on remote JMeter engines: it needs --engine jmeter");
        }
        RemoteEngines remotes = remote == null ? RemoteEngines.NONE
                : RemoteEngines.parse(remote, rmi.keystorePath(), rmi.insecure, rmiPort == null ? 0 : rmiPort);
        LoadEngine engine = LoadEngines.named(engineName, remotes);
        if (jmeter && given("--connections")) {
            throw new BadInputException("--engine jmeter: --connections does not apply (JMeter's open model starts a thread, and"
                    + " usually a connection, per arrival)");
        }
        if (!isLocal(url)) {
            if (remote == null) {
                // the rule of loomlab load: this machine only
                LoadSpec.parseTarget(url.toString());
            }
            if (!allowRemoteTarget) {
                throw new BadInputException("'" + url.getHost() + "' is not this machine: remote engines load another machine only with"
                        + " --allow-remote-target");
            }
        }
        return engine;
    }

    private static boolean isLocal(URI uri) {
        try {
            LoadSpec.parseTarget(uri.toString());
            return true;
        } catch (BadInputException e) {
            return false;
        }
    }

    /** {@code --find-max}: checks its options and the URL, then searches and writes the result like a load. */
    private int findMax() throws IOException, InterruptedException {
        if (remote != null || !LoadEngines.NAMES.contains(engineName) || !LoadEngines.named(engineName).canSearch()) {
            throw new BadInputException("--find-max searches with loomlab's open model (latency corrected for coordinated omission,"
                    + " connections bounded): --engine jmeter and --remote do not apply");
        }
        LoadSpec.parseTarget(url.toString());
        SearchPlan plan = plan();
        int searches = searches();
        UrlProbe.requireAnswer(url);
        PrometheusSaturation.Probed probed = ServiceReading.probe(serviceMetrics);
        Optional<MetricsEndpoint> endpoint = metrics.start();
        try {
            ResultsFolder folder = new ResultsFolder(RunSession.prepareFolder(out));
            try (FolderLock lock = FolderLock.take(folder.dir(), System.err)) {
                endpoint.ifPresent(e -> MetricsEndpoint.announce(e, System.err));
                List<String> command = Main.typed(commandSpec);
                Instant started = Instant.now();
                System.out.println("loomlab load: the highest rate " + url + " sustains within " + plan.slo().spec()
                        + (searches > 1 ? ", " + searches + " searches" : ""));
                sides = GeneratorCpus.of(url, true);
                sides.describe().ifPresent(line -> System.out.println("loomlab load: " + line));
                System.out.flush();
                Consumer<LoadProgress> line = p -> System.err.println("loomlab load:   " + p.line());
                Integer pool = givenConnections();
                Service service = ServiceReading.of(probed, url.getPort() > 0 ? url.getPort() : 80, System.err);
                RepeatedSearch repeated = new RepeatedSearch(url, expect, plan, searches, "loomlab load", System.err);
                LoadSession session = repeated.session();
                List<CapacitySearcher.Found> found;
                if (endpoint.isEmpty()) {
                    found = repeated.run(session, pool, step -> line, false, service);
                } else {
                    try (ProcSampler server = sampleServer(url.getPort() > 0 ? url.getPort() : 80,
                            new ServerMetrics(endpoint.get().registry()))) {
                        HttpMetrics.Feed feed = new HttpMetrics(endpoint.get().registry()).feed();
                        int[] runs = {0};
                        found = repeated.run(session, pool, step -> {
                            // a number for each load of this process, across the searches
                            HttpLive live = new HttpLive(++runs[0]);
                            return line.andThen(p -> feed.accept(live.next(p)));
                        }, true, service);
                    }
                }
                if (found == null) {
                    return 1;
                }
                List<CapacitySearch> done = found.stream().map(CapacitySearcher.Found::search).toList();
                Result searched = CapacityResult.result(plan, LoadSession.mostConnections(plan, pool, done), found);
                Result result = searched.toBuilder().params(sides.addedTo(searched.params())).build();
                result = SloPolicy.DEFAULT.judge(LoadScenario.CAPACITY, result);
                write(folder, result, command, started);
                System.out.println("loomlab load: " + CapacityText.answer(done));
                CapacityText.knee(done).ifPresent(knee -> System.out.println("loomlab load: knee: " + knee));
                System.out.print(ConsoleReport.render(List.of(result)));
                System.out.println("results: " + folder.dir());
                return result.ok() ? 0 : 1;
            }
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    /** The search {@code --find-max} and its options ask for. */
    private SearchPlan plan() {
        if (users != null || rate != null) {
            throw new BadInputException("--find-max searches for the rate itself: give neither --users nor --rate");
        }
        if (!ramp.isZero()) {
            throw new BadInputException("--find-max runs each step at a constant rate: --ramp does not apply");
        }
        if (slo != null && slo.off()) {
            throw new BadInputException("--find-max needs an objective to judge each step: --slo none does not apply");
        }
        givenConnections();
        Slo objective = slo != null && slo.given() != null ? slo.given() : Slo.DEFAULT;
        double start = startRate != null ? startRate : SearchPlan.DEFAULT_START_RATE;
        double lowest = minRate != null ? minRate : Math.min(SearchPlan.DEFAULT_MIN_RATE, start);
        for (double r : new double[] {start, lowest}) {
            if (r > LoadSpec.MAX_RATE) {
                throw new BadInputException("--start-rate and --min-rate must be at most "
                        + String.format(Locale.ROOT, "%,.0f", LoadSpec.MAX_RATE) + "/s");
            }
        }
        if (lowest > start) {
            throw new BadInputException("--min-rate " + BigDecimal.valueOf(lowest).toPlainString() + "/s is above --start-rate "
                    + BigDecimal.valueOf(start).toPlainString() + "/s");
        }
        double step = precision != null ? precision / 100 : SearchPlan.DEFAULT_PRECISION;
        if (!(step > 0) || step >= 1) {
            throw new BadInputException("--precision must be above 0% and below 100%");
        }
        Duration stepWarmup = given("--warmup") ? warmup : SearchPlan.DEFAULT_STEP_WARMUP;
        Duration shortest = given("--duration") ? duration : SearchPlan.DEFAULT_SHORTEST_STEP;
        positive("--duration", shortest);
        Duration requestTimeout = given("--timeout") ? timeout : SearchPlan.defaultTimeout(objective);
        positive("--timeout", requestTimeout);
        return new SearchPlan(objective, start, lowest, step, stepWarmup, shortest, requestTimeout);
    }

    /** How many searches {@code --repeat} asks for: 1 when not given. */
    private int searches() {
        if (repeat == null) {
            return 1;
        }
        if (repeat < 1) {
            throw new BadInputException("--repeat " + repeat + " must be at least 1: the number of searches");
        }
        return repeat;
    }

    /** The options that only a search takes are refused without {@code --find-max}. */
    private void rejectSearchOptions() {
        for (String option : List.of("--start-rate", "--min-rate", "--precision", "--repeat")) {
            if (given(option)) {
                throw new BadInputException(option + " applies only with --find-max");
            }
        }
    }

    private boolean given(String option) {
        return commandSpec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** A sampler of the process listening on the URL's port, feeding {@code http}; null when /proc does not show it. */
    private static ProcSampler sampleServer(int port, ServerMetrics server) {
        OptionalLong pid = TcpSockets.listener(port);
        if (pid.isEmpty()) {
            System.err.println("loomlab load: no process of this machine is seen listening on port " + port
                    + ": the server's saturation is not among the metrics");
            return null;
        }
        return new ProcSampler(pid.getAsLong(), port, server::accept);
    }

    private LoadSpec spec() {
        if ((users == null) == (rate == null)) {
            throw new BadInputException("give either --users N (closed model) or --rate R/s (open model)");
        }
        positive("--duration", duration);
        Ramp steps = new Ramp(ramp.toNanos());
        if (users != null) {
            if (users < 1 || users > 1_000_000) {
                throw new BadInputException("--users " + users + " must be 1 … 1,000,000");
            }
            // the URL was checked by engine(): on this machine, or remote engines' with --allow-remote-target
            positive("--timeout", timeout);
            return new LoadParams(users.intValue(), 0, warmup, duration, steps, timeout, users.intValue(), null).spec(url, expect);
        }
        if (rate > LoadSpec.MAX_RATE) {
            throw new BadInputException("--rate " + BigDecimal.valueOf(rate).toPlainString() + "/s must be at most "
                    + String.format(Locale.ROOT, "%,.0f", LoadSpec.MAX_RATE) + "/s");
        }
        // An open run takes a search step's warm-up, and with a stated objective its timeout: a sweep of --rate runs
        // then measures what each --find-max step measures.
        Duration openWarmup = given("--warmup") ? warmup : SearchPlan.DEFAULT_STEP_WARMUP;
        Duration openTimeout = given("--timeout") || slo == null || slo.given() == null ? timeout
                : SearchPlan.defaultTimeout(slo.given());
        positive("--timeout", openTimeout);
        Integer pool = givenConnections();
        if (pool == null) {
            pool = (slo != null ? slo : SloPolicy.DEFAULT).forScenario(LoadScenario.DESCRIPTION)
                    .map(objective -> SloPool.connections(SloPool.peakRate(rate, steps, duration.toNanos()), objective,
                            openTimeout))
                    .orElse(LoadSpec.DEFAULT_CONNECTIONS);
        }
        return new LoadParams(0, rate, openWarmup, duration, steps, openTimeout, pool, null).spec(url, expect);
    }

    /** {@code --connections} when given (checked), else null: the pool is then sized by the objective ({@link SloPool}). */
    private Integer givenConnections() {
        if (connections == null) {
            return null;
        }
        if (connections < 1 || connections > 1_000_000) {
            throw new BadInputException("--connections " + connections + " must be 1 … 1,000,000");
        }
        return connections.intValue();
    }

    private static void positive(String option, Duration d) {
        if (d.isZero()) {
            throw new BadInputException(option + " " + Units.formatDuration(d.toNanos()) + " must be above 0");
        }
    }
}
