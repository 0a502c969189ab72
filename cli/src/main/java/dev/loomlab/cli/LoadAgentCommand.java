package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.load.jmeter.JmeterAgent;
import dev.loomlab.load.jmeter.RemoteEngines;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code loomlab load-agent --port P [--bind ADDR] [--rmi-keystore FILE | --rmi-insecure]}: one remote JMeter engine —
 * JMeter's {@code jmeter-server} from the same jars as {@code load --engine jmeter} — for controllers' {@code load --remote}:
 * its RMI registry on P and the engine on P+1, on 127.0.0.1 unless {@code --bind} names another address of this machine.
 * RMI over SSL on any address with a keystore ({@code --rmi-keystore}); without one, plain RMI on loopback, and on any
 * other address only by explicit choice ({@code --rmi-insecure}, a closed lab network). Prints one line saying where it
 * listens and runs until Ctrl-C or SIGTERM; its engine JVM is a child of this one and never outlives it. Exit 2 on bad
 * input (a port in use or out of range, an address that is not this machine's) before anything starts; 1 when the
 * engine dies.
 */
@Command(name = "load-agent", mixinStandardHelpOptions = true,
        description = {"Run one remote JMeter engine for 'loomlab load --engine jmeter --remote HOST:PORT' (Ctrl-C stops it).",
                "RMI registry on --port, the engine on --port + 1; 127.0.0.1 unless --bind (docs/jmeter.md)."},
        footer = {"", "Examples:", "  loomlab load-agent --port 4000",
                "  loomlab load-agent --port 4000 --bind 10.0.0.5 --rmi-keystore rmi_keystore.p12   # RMI over SSL",
                "  loomlab load-agent --port 4000 --bind 10.0.0.5 --rmi-insecure                    # a closed lab network only"})
final class LoadAgentCommand implements Callable<Integer> {
    @Option(names = "--port", paramLabel = "P", required = true,
            description = "the RMI registry's port; the engine listens on P + 1")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1", converter = Converters.BindAddressConverter.class,
            description = "one IP address of this machine to listen on (default ${DEFAULT-VALUE}: this machine only)")
    InetAddress bind;

    @Mixin
    RmiOptions rmi = new RmiOptions();

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path keys = check();
        try (JmeterAgent agent = JmeterAgent.start(port, bind, keys)) {
            String address = host(bind);
            System.out.println("loomlab load-agent: JMeter engine (pid " + agent.pid() + ") listens on " + address + ":" + port
                    + " (RMI registry) and " + address + ":" + (port + 1) + " (engine), " + (keys != null ? "RMI over SSL"
                    : bind.isLoopbackAddress() ? "plain RMI, this machine only" : "plain RMI")
                    + "; controllers: loomlab load URL --engine jmeter --remote " + address + ":" + port + "; Ctrl-C stops it");
            System.out.flush();
            while (agent.isAlive()) {
                Thread.sleep(500);
            }
            System.err.println("loomlab load-agent: the engine " + agent.ending());
            return 1;
        }
    }

    /** Checks the options before anything starts; the keystore, or null for plain RMI. */
    private Path check() {
        if (port < 1 || port > 65_534) {
            throw new BadInputException("--port " + port + " is not in 1..65534 (the engine listens on --port + 1)");
        }
        if (bind.isAnyLocalAddress()) {
            throw new BadInputException("--bind " + bind.getHostAddress() + ": the engine's RMI stubs carry the address controllers"
                    + " call, so give one address of this machine (e.g. 127.0.0.1 or 10.0.0.5), not every one");
        }
        Path keys = RemoteEngines.keystore(rmi.keystorePath(), rmi.insecure);
        if (!bind.isLoopbackAddress() && keys == null && !rmi.insecure) {
            throw new BadInputException("--bind " + bind.getHostAddress() + " lets other machines in: RMI there needs --rmi-keystore"
                    + " FILE (RMI over SSL, as JMeter recommends) or --rmi-insecure (plain RMI, a closed lab network only)");
        }
        for (int p : new int[]{port, port + 1}) {
            try (ServerSocket probe = new ServerSocket(p, 1, bind)) {
                probe.setReuseAddress(true);
            } catch (IOException e) {
                throw new BadInputException("port " + p + " on " + bind.getHostAddress() + " is in use (the agent needs --port "
                        + port + " and " + (port + 1) + ")");
            }
        }
        if (!bind.isLoopbackAddress() && rmi.insecure) {
            System.err.println("loomlab load-agent: warning: plain RMI on " + bind.getHostAddress() + ": anyone who reaches it can"
                    + " make this engine run code (RMI is Java serialization); a closed lab network only");
        }
        return keys;
    }

    private static String host(InetAddress address) {
        String text = address.getHostAddress();
        return text.contains(":") ? "[" + text + "]" : text;
    }
}
