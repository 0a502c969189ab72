package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.param.Units;
import dev.loomlab.load.web.ServerModel;
import dev.loomlab.load.web.ServerModels;
import dev.loomlab.load.web.ServerUnderTest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code loomlab serve <server> [--port P] [-p delay=300ms]}: starts one server under test of the web
 * scenario for the user's own tools, prints its URL and runs until Ctrl-C. Exit 1 when the server
 * cannot start or dies.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Start one server under test (as the web scenario runs it) and print its URL; Ctrl-C stops it.",
                "Servers: mvc-platform, mvc-virtual, webflux, helidon, jdk. Endpoint: GET /get?delay=… answers 'ok'."},
        footer = {"", "Example:", "  loomlab serve jdk -p delay=0ms --port 8080   # then: loomlab load http://127.0.0.1:8080/get --users 100"})
final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SERVER", description = "mvc-platform, mvc-virtual, webflux, helidon or jdk")
    String server;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0", description = "TCP port on 127.0.0.1 (default: any free one)")
    int port;

    @Option(names = {"-p", "--param"}, paramLabel = "delay=DURATION", description = "the default reply delay (default 300ms)")
    List<String> params = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        ServerModel model = ServerModels.named(server);
        if (port < 0 || port > 65_535) {
            throw new BadInputException("--port " + port + " is not in 0..65535");
        }
        long delayMs = 300;
        for (String p : params) {
            int eq = p.indexOf('=');
            if (eq < 0 || !p.substring(0, eq).trim().equals("delay")) {
                throw new BadInputException("-p " + p + ": serve takes only delay=DURATION (e.g. -p delay=300ms)");
            }
            delayMs = TimeUnit.NANOSECONDS.toMillis(Units.parseDurationNanos("delay", p.substring(eq + 1)));
        }
        ServerUnderTest running;
        try {
            running = ServerUnderTest.start(model, delayMs, port);
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
}
