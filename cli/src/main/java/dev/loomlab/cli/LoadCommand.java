package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.load.HttpLive;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadProgress;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadScenario;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.web.ProcSampler;
import dev.loomlab.load.web.TcpSockets;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.ResultsFolder;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code loomlab load <url> (--users N | --rate R/s) [--duration 30s] [--warmup 0s] [--ramp 0s]
 * [--timeout 30s] [--out DIR]}: loads any local HTTP endpoint with loomlab's generator and writes the
 * result (scenario {@code load}) like a run: results.jsonl, the table, report.html. A progress line a
 * second goes to stderr. With {@code --metrics-port P} the load's golden signals, and the saturation of the
 * process listening on the URL's port when this machine's {@code /proc} shows it, are served to Prometheus
 * while it runs ({@link HttpMetrics}, {@link ServerMetrics}). Exit 0; 1 when no request succeeded (the result is {@code failed});
 * 2 on bad input.
 */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Load a local HTTP endpoint: closed model (--users; latency from the actual send, not corrected for "
                + "coordinated omission) or open model (--rate; latency from the intended send time, corrected).",
                "Keep-alive HTTP/1.1 on Netty; percentiles p50/p90/p99/p99.9/max, status codes, errors by kind."},
        footer = {"", "Examples:", "  loomlab load http://127.0.0.1:8080/get --users 100 --duration 10s",
                "  loomlab load http://127.0.0.1:8080/get?delay=300ms --rate 5000/s --warmup 5s --ramp 10s"})
final class LoadCommand implements Callable<Integer> {
    @Parameters(paramLabel = "URL", converter = Converters.LocalUrlConverter.class,
            description = "http://127.0.0.1:PORT/path (this machine only)")
    URI url;

    @Option(names = "--users", paramLabel = "N", converter = Converters.CountConverter.class,
            description = "closed model: N users, each sending again once answered")
    Long users;

    @Option(names = "--rate", paramLabel = "R/s", converter = Converters.RateConverter.class,
            description = "open model: R requests per second on a schedule")
    Double rate;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "30s", converter = Converters.DurationConverter.class,
            description = "measured load (default ${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "0s", converter = Converters.DurationConverter.class,
            description = "load before measuring (default ${DEFAULT-VALUE})")
    Duration warmup;

    @Option(names = "--ramp", paramLabel = "DURATION", defaultValue = "0s", converter = Converters.DurationConverter.class,
            description = "step load: +20% users or rate every interval (default ${DEFAULT-VALUE}: constant)")
    Duration ramp;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s", converter = Converters.DurationConverter.class,
            description = "per request (default ${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "10000", converter = Converters.CountConverter.class,
            description = "open model: most connections (default ${DEFAULT-VALUE})")
    long connections;

    @Option(names = "--expect", paramLabel = "BODY", description = "a 2xx answer must carry exactly this body (default: any)")
    String expect;

    @Option(names = "--slo", paramLabel = "SPEC", converter = Converters.SloConverter.class, description = RunOptions.SLO_HELP)
    SloPolicy slo;

    @Option(names = "--out", paramLabel = "DIR", converter = Converters.NonBlankConverter.class,
            description = "results folder (default results/<timestamp>)")
    String out;

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Spec
    CommandSpec commandSpec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        LoadSpec spec = spec();
        Optional<MetricsEndpoint> endpoint = metrics.start();
        try {
            ResultsFolder folder = new ResultsFolder(RunSession.prepareFolder(out));
            try (FolderLock lock = FolderLock.take(folder.dir(), System.err)) {
                endpoint.ifPresent(e -> MetricsEndpoint.announce(e, System.err));
                return run(spec, folder, endpoint.map(MetricsEndpoint::registry));
            }
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    /** Loads, writes the folder, prints the table; 0 when some request succeeded, else 1. */
    private int run(LoadSpec spec, ResultsFolder folder, Optional<MeterRegistry> metrics) throws IOException, InterruptedException {
        List<String> command = Main.typed(commandSpec);
        Instant started = Instant.now();
        List<Jdk> jdks = List.of(Jdk.current());
        System.out.println("loomlab load: " + spec.modelName() + " against " + spec.target() + " for "
                + Units.formatDuration(duration.toNanos())
                + (spec.warmup().isZero() ? "" : " after a " + Units.formatDuration(warmup.toNanos()) + " warm-up"));
        System.out.flush();
        Consumer<LoadProgress> line = p -> System.err.println("loomlab load: " + p.line());
        LoadReport report;
        if (metrics.isEmpty()) {
            report = new LoadGenerator(spec).run(line);
        } else {
            try (ProcSampler server = sampleServer(spec.port(), new ServerMetrics(metrics.get()))) {
                HttpLive live = new HttpLive(1);
                HttpMetrics.Feed feed = new HttpMetrics(metrics.get()).feed();
                report = new LoadGenerator(spec).run(line.andThen(p -> feed.accept(live.next(p))), true);
            }
        }
        Result result = (slo != null ? slo : SloPolicy.DEFAULT).judge(LoadScenario.DESCRIPTION, LoadScenario.result(spec, report));
        folder.append(result);
        Map<String, Object> env = Environment.describe(jdks, command, started, Instant.now());
        folder.writeSummary(env);
        folder.render(List.of(result), env);
        System.out.println("loomlab load: " + report.line());
        System.out.print(ConsoleReport.render(List.of(result)));
        System.out.println("results: " + folder.dir());
        return result.ok() ? 0 : 1;
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
        positive("--timeout", timeout);
        Ramp steps = new Ramp(ramp.toNanos());
        if (users != null) {
            if (users < 1 || users > 1_000_000) {
                throw new BadInputException("--users " + users + " must be 1 … 1,000,000");
            }
            return LoadSpec.closed(url, users.intValue(), warmup, duration, steps, timeout, expect);
        }
        if (rate > LoadSpec.MAX_RATE) {
            throw new BadInputException("--rate " + BigDecimal.valueOf(rate).toPlainString() + "/s must be at most "
                    + String.format(Locale.ROOT, "%,.0f", LoadSpec.MAX_RATE) + "/s");
        }
        if (connections < 1 || connections > 1_000_000) {
            throw new BadInputException("--connections " + connections + " must be 1 … 1,000,000");
        }
        return LoadSpec.open(url, rate, (int) connections, warmup, duration, steps, timeout, expect);
    }

    private static void positive(String option, Duration d) {
        if (d.isZero()) {
            throw new BadInputException(option + " " + Units.formatDuration(d.toNanos()) + " must be above 0");
        }
    }
}
