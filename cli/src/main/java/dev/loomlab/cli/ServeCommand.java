package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.cpu.Taskset;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.server.Endpoint;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.load.service.ProcSampler;
import dev.loomlab.load.web.ServerModel;
import dev.loomlab.load.web.ServerModels;
import dev.loomlab.load.web.ServerUnderTest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code loomlab serve <server> [--bind ADDR] [--port P] [-p delay=300ms] [-p endpoint=sleep|cpu|memory|db… …]}:
 * starts one server under test of the web scenario, answering with the endpoint kind given (the web
 * scenario's {@link EndpointSpec#PARAMS}), for the user's own tools, prints its URL and runs until Ctrl-C. It listens on
 * 127.0.0.1 unless {@code --bind} says otherwise, and warns on stderr when the address lets other
 * machines reach it. A db endpoint gets the database {@code --db-url} names (checked first: bad input when
 * it cannot be reached), else an embedded PostgreSQL started here and stopped when the command ends, by
 * Ctrl-C too. With {@code --metrics-port P} the server's saturation (CPU, threads, RSS, open connections, and what
 * it reports of itself: request threads, requests in flight, its connection pool, GC pauses) is served to Prometheus,
 * sampled once a second ({@link ServerMetrics}). Exit 1 when the server or the database cannot start, or the server
 * dies. With {@code --cpus LIST} the server's JVM is started on those CPUs ({@link Taskset}).
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Start one server under test (as the web scenario runs it) and print its URL; Ctrl-C stops it.",
                "Servers: mvc-platform, mvc-virtual, webflux, helidon, jdk. Endpoint: GET /get?delay=… answers 'ok'",
                "after sleeping the delay (-p endpoint=sleep, the default), computing -p work of CPU time (endpoint=cpu),",
                "or retaining -p retain bytes of a random user in a cache of -p cache entries (endpoint=memory);",
                "endpoint=db reads a random user from PostgreSQL, db-write inserts a row, db-write-batch -p batch rows",
                "in one transaction, db-sleep waits -p db-latency in PostgreSQL (pg_sleep), each through a pool of",
                "-p db-connections (embedded PostgreSQL unless --db-url)."},
        footer = {"", "Examples:", "  loomlab serve jdk -p delay=0ms --port 8080   # then: loomlab load http://127.0.0.1:8080/get --users 100",
                "  loomlab serve jdk --bind 127.0.0.2           # another loopback address, still this machine only",
                "  loomlab serve mvc-virtual -p endpoint=cpu -p work=5ms",
                "  loomlab serve jdk --cpus 1                   # the server on CPU 1; then: loomlab load … --cpus 0",
                "  loomlab serve webflux -p endpoint=db -p db-connections=20   # starts an embedded PostgreSQL too",
                "  loomlab serve mvc-platform -p endpoint=db-sleep -p db-connections=5   # at most 5 / 20 ms = 250 requests/s"})
final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SERVER", description = "mvc-platform, mvc-virtual, webflux, helidon or jdk")
    String server;

    private static final Duration DEFAULT_DELAY = Duration.ofMillis(300);

    @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1", converter = Converters.BindAddressConverter.class,
            description = "IP address to listen on (default ${DEFAULT-VALUE}: this machine only; 0.0.0.0 lets the network in)")
    InetAddress bind;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0", description = "TCP port (default: any free one)")
    int port;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE",
            converter = {Converters.TextConverter.class, Converters.TextConverter.class},
            description = {"delay=DURATION: the default reply delay (default 300ms)",
                    "endpoint=sleep|cpu|memory|db|db-write|db-write-batch|db-sleep (default sleep), work=DURATION (cpu; default 10ms),",
                    "retain=BYTES (memory; default 10k), cache=ENTRIES (memory; default 10k, at most 10k),",
                    "db-connections=N (db*: the server's pool; default 10), batch=ROWS (db-write-batch; default 10),",
                    "db-latency=DURATION (db-sleep: the query's wait in PostgreSQL; default 20ms)"})
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--db-url", paramLabel = "JDBC_URL", converter = Converters.NonBlankConverter.class,
            description = "endpoint=db*: serve from this PostgreSQL (jdbc:postgresql://HOST[:PORT]/DATABASE; user and"
                    + " password from LOOMLAB_DB_USER and LOOMLAB_DB_PASSWORD) instead of an embedded one started here")
    String dbUrl;

    @Option(names = "--cpus", paramLabel = "LIST", converter = Converters.CpuListConverter.class,
            description = "start the server's JVM on these CPUs (taskset), e.g. 1 or 2-3, so that its threads are sized to"
                    + " them; keep the load generator on others (loomlab load --cpus)")
    CpuList cpus;

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Override
    public Integer call() throws IOException, InterruptedException {
        ServerModel model = ServerModels.named(server);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("--port " + port + " is not in 0..65535");
        }
        if (cpus != null) {
            Taskset.require("--cpus", cpus);
        }
        long delayMs = delayMs();
        EndpointSpec endpoint = endpoint();
        if (metrics.port != null && metrics.port == port) {
            throw new BadInputException("--metrics-port " + port + " is the server's --port: give another");
        }
        // Listening before anything starts: a port in use is bad input with nothing to stop.
        Optional<MetricsEndpoint> metricsEndpoint = metrics.start();
        try {
            metricsEndpoint.ifPresent(e -> MetricsEndpoint.announce(e, System.err));
            return serve(model, delayMs, endpoint, metricsEndpoint);
        } finally {
            metricsEndpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    private int serve(ServerModel model, long delayMs, EndpointSpec endpoint, Optional<MetricsEndpoint> metricsEndpoint)
            throws IOException, InterruptedException {
        RunDatabase db;
        try {
            db = RunDatabase.open(endpoint.kind().usesDatabase(), dbUrl, System.out);
        } catch (IOException e) {
            System.err.println("loomlab serve: the database did not start: " + e.getMessage());
            return 1;
        }
        // Ctrl-C ends this JVM in its shutdown hooks: the database must stop there too (the server is a child, killed with it).
        Thread stopDatabase = new Thread(() -> closeQuietly(db), "loomlab-serve-db-stop");
        Runtime.getRuntime().addShutdownHook(stopDatabase);
        try {
            return serve(model, delayMs, endpoint, db, metricsEndpoint.map(e -> new ServerMetrics(e.registry())));
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopDatabase);
            } catch (IllegalStateException shuttingDown) {
                // the hook is stopping it
            }
            db.close();
        }
    }

    private static void closeQuietly(RunDatabase db) {
        try {
            db.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("loomlab serve: stopping the database: " + e.getMessage());
        }
    }

    private int serve(ServerModel model, long delayMs, EndpointSpec endpoint, RunDatabase db, Optional<ServerMetrics> saturation)
            throws InterruptedException {
        exposure(bind).ifPresent(System.err::println);
        ServerUnderTest running;
        try {
            running = ServerUnderTest.start(model, delayMs, endpoint, bind, port, cpus);
        } catch (IOException e) {
            System.err.println("loomlab serve: " + e.getMessage());
            return 1;
        }
        try (ServerUnderTest s = running) {
            String kind = s.verify().header();
            String what = endpoint.kind() == Endpoint.SLEEP ? "delay " + delayMs + " ms" : "endpoint " + endpoint.describe(delayMs);
            String on = s.cpus().map(c -> ", on CPU" + (c.size() == 1 ? " " : "s ") + c).orElse("");
            System.out.println("loomlab serve: " + model.name() + " (pid " + s.pid() + ", " + kind + " threads, " + what + on
                    + ") at " + s.uri(null));
            if (endpoint.kind().usesDatabase()) {
                db.address().ifPresent(a -> System.out.println("loomlab serve: database " + a
                        + (db.embedded().isPresent() ? " (embedded, stopped with this command)" : "")));
            }
            System.out.println("loomlab serve: Ctrl-C stops it");
            System.out.flush();
            try (ProcSampler sampler = saturation.map(m -> sampler(s, m)).orElse(null)) {
                while (s.isAlive()) {
                    Thread.sleep(500);
                }
            }
            System.err.println("loomlab serve: the server exited");
            return 1;
        } catch (IOException e) {
            System.err.println("loomlab serve: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Samples {@code server} once a second into {@code metrics}: its process from /proc, and on the same thread what it
     * reports of itself through its control channel.
     */
    private static ProcSampler sampler(ServerUnderTest server, ServerMetrics metrics) {
        ServedSaturation served = new ServedSaturation(server::stats);
        return new ProcSampler(server.pid(), server.uri(null).getPort(), sample -> {
            metrics.accept(sample);
            metrics.accept(served.read());
        });
    }

    /** The default reply delay {@code -p delay} gives (300 ms unless given), ms. */
    long delayMs() {
        for (String name : params.keySet()) {
            if (!name.equals("delay") && EndpointSpec.PARAMS.stream().noneMatch(p -> p.name().equals(name))) {
                throw new BadInputException("-p " + name + "=…: serve takes only delay=DURATION, endpoint=sleep|cpu|memory|db|"
                        + "db-write|db-write-batch|db-sleep, work=DURATION, retain=BYTES, cache=ENTRIES, db-connections=N, batch=ROWS"
                        + " and db-latency=DURATION (e.g. -p delay=300ms)");
            }
        }
        String delay = params.get("delay");
        return delay == null ? DEFAULT_DELAY.toMillis() : Duration.ofNanos(Units.parseDurationNanos("-p delay", delay)).toMillis();
    }

    /** The endpoint the {@code -p} parameters other than delay give: article 004's sleep unless given. */
    EndpointSpec endpoint() {
        EndpointSpec endpoint = EndpointSpec.DEFAULT;
        for (ParamSpec spec : EndpointSpec.PARAMS) {
            String value = params.get(spec.name());
            if (value != null) {
                endpoint = endpoint.with(spec, spec.parse(value));
            }
        }
        return endpoint;
    }

    /** The one-line warning for an address other machines can reach (any but 127.0.0.0/8 and ::1). */
    static Optional<String> exposure(InetAddress bind) {
        if (bind.isLoopbackAddress()) {
            return Optional.empty();
        }
        return Optional.of("loomlab serve: warning: listening on " + bind.getHostAddress()
                + ", so the server is reachable from the network, not only from this machine");
    }
}
