package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.server.Endpoint;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.load.web.ServerModel;
import dev.loomlab.load.web.ServerModels;
import dev.loomlab.load.web.ServerUnderTest;
import picocli.CommandLine.Command;
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
 * {@code loomlab serve <server> [--bind ADDR] [--port P] [-p delay=300ms] [-p endpoint=sleep|cpu|memory …]}:
 * starts one server under test of the web scenario, answering with the endpoint kind given (the web
 * scenario's {@link EndpointSpec#PARAMS}), for the user's own tools, prints its URL and runs until Ctrl-C. It listens on
 * 127.0.0.1 unless {@code --bind} says otherwise, and warns on stderr when the address lets other
 * machines reach it. Exit 1 when the server cannot start or dies.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Start one server under test (as the web scenario runs it) and print its URL; Ctrl-C stops it.",
                "Servers: mvc-platform, mvc-virtual, webflux, helidon, jdk. Endpoint: GET /get?delay=… answers 'ok'",
                "after sleeping the delay (-p endpoint=sleep, the default), computing -p work of CPU time (endpoint=cpu),",
                "or retaining -p retain bytes of a random user in a cache of -p cache entries (endpoint=memory)."},
        footer = {"", "Examples:", "  loomlab serve jdk -p delay=0ms --port 8080   # then: loomlab load http://127.0.0.1:8080/get --users 100",
                "  loomlab serve jdk --bind 127.0.0.2           # another loopback address, still this machine only",
                "  loomlab serve mvc-virtual -p endpoint=cpu -p work=5ms"})
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
                    "endpoint=sleep|cpu|memory (default sleep), work=DURATION (cpu; default 10ms),",
                    "retain=BYTES (memory; default 10k), cache=ENTRIES (memory; default 10k, at most 10k)"})
    Map<String, String> params = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        ServerModel model = ServerModels.named(server);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("--port " + port + " is not in 0..65535");
        }
        long delayMs = delayMs();
        EndpointSpec endpoint = endpoint();
        exposure(bind).ifPresent(System.err::println);
        ServerUnderTest running;
        try {
            running = ServerUnderTest.start(model, delayMs, endpoint, bind, port);
        } catch (IOException e) {
            System.err.println("loomlab serve: " + e.getMessage());
            return 1;
        }
        try (ServerUnderTest s = running) {
            String kind = s.verify().header();
            String what = endpoint.kind() == Endpoint.SLEEP ? "delay " + delayMs + " ms" : "endpoint " + endpoint.describe(delayMs);
            System.out.println("loomlab serve: " + model.name() + " (pid " + s.pid() + ", " + kind + " threads, " + what
                    + ") at " + s.uri(null));
            System.out.println("loomlab serve: Ctrl-C stops it");
            System.out.flush();
            while (s.isAlive()) {
                Thread.sleep(500);
            }
            System.err.println("loomlab serve: the server exited");
            return 1;
        } catch (IOException e) {
            System.err.println("loomlab serve: " + e.getMessage());
            return 1;
        }
    }

    /** The default reply delay {@code -p delay} gives (300 ms unless given), ms. */
    long delayMs() {
        for (String name : params.keySet()) {
            if (!name.equals("delay") && EndpointSpec.PARAMS.stream().noneMatch(p -> p.name().equals(name))) {
                throw new BadInputException("-p " + name + "=…: serve takes only delay=DURATION, endpoint=sleep|cpu|memory, "
                        + "work=DURATION, retain=BYTES and cache=ENTRIES (e.g. -p delay=300ms)");
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
