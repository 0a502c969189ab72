package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
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
 * {@code loomlab serve <server> [--bind ADDR] [--port P] [-p delay=300ms]}: starts one server under test
 * of the web scenario for the user's own tools, prints its URL and runs until Ctrl-C. It listens on
 * 127.0.0.1 unless {@code --bind} says otherwise, and warns on stderr when the address lets other
 * machines reach it. Exit 1 when the server cannot start or dies.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Start one server under test (as the web scenario runs it) and print its URL; Ctrl-C stops it.",
                "Servers: mvc-platform, mvc-virtual, webflux, helidon, jdk. Endpoint: GET /get?delay=… answers 'ok'."},
        footer = {"", "Examples:", "  loomlab serve jdk -p delay=0ms --port 8080   # then: loomlab load http://127.0.0.1:8080/get --users 100",
                "  loomlab serve jdk --bind 127.0.0.2           # another loopback address, still this machine only"})
final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SERVER", description = "mvc-platform, mvc-virtual, webflux, helidon or jdk")
    String server;

    @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1", converter = Converters.BindAddressConverter.class,
            description = "IP address to listen on (default ${DEFAULT-VALUE}: this machine only; 0.0.0.0 lets the network in)")
    InetAddress bind;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0", description = "TCP port (default: any free one)")
    int port;

    @Option(names = {"-p", "--param"}, paramLabel = "delay=DURATION",
            converter = {Converters.TextConverter.class, Converters.DurationConverter.class},
            description = "the default reply delay (default 300ms)")
    Map<String, Duration> params = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        ServerModel model = ServerModels.named(server);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("--port " + port + " is not in 0..65535");
        }
        for (String name : params.keySet()) {
            if (!name.equals("delay")) {
                throw new BadInputException("-p " + name + "=…: serve takes only delay=DURATION (e.g. -p delay=300ms)");
            }
        }
        long delayMs = params.getOrDefault("delay", Duration.ofMillis(300)).toMillis();
        exposure(bind).ifPresent(System.err::println);
        ServerUnderTest running;
        try {
            running = ServerUnderTest.start(model, delayMs, bind, port);
        } catch (IOException e) {
            System.err.println("loomlab serve: " + e.getMessage());
            return 1;
        }
        try (ServerUnderTest s = running) {
            String kind = s.verify().header();
            System.out.println("loomlab serve: " + model.name() + " (pid " + s.pid() + ", " + kind + " threads, delay " + delayMs
                    + " ms) at " + s.uri(null));
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

    /** The one-line warning for an address other machines can reach (any but 127.0.0.0/8 and ::1). */
    static Optional<String> exposure(InetAddress bind) {
        if (bind.isLoopbackAddress()) {
            return Optional.empty();
        }
        return Optional.of("loomlab serve: warning: listening on " + bind.getHostAddress()
                + ", so the server is reachable from the network, not only from this machine");
    }
}
