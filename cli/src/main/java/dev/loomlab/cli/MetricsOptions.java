package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import picocli.CommandLine.Option;

import java.net.InetAddress;
import java.util.Optional;

/** The options that let Prometheus watch a command while it runs: {@code --metrics-port P}, {@code --metrics-bind ADDR}. */
final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "P", converter = Converters.PortConverter.class,
            description = "serve Prometheus metrics of this command at http://127.0.0.1:P/metrics while it runs"
                    + " (see docs/monitoring.md)")
    Integer port;

    @Option(names = "--metrics-bind", paramLabel = "ADDR", converter = Converters.BindAddressConverter.class,
            description = "the address the metrics endpoint listens on (default 127.0.0.1: this machine only)")
    InetAddress bind;

    /** True when neither option was given. */
    boolean isEmpty() {
        return port == null && bind == null;
    }

    /**
     * The endpoint these options ask for, already listening; empty without {@code --metrics-port}.
     *
     * @throws BadInputException when it cannot listen there (the port is in use, the address not ours)
     */
    Optional<MetricsEndpoint> start() {
        if (port == null) {
            if (bind != null) {
                throw new BadInputException("--metrics-bind needs --metrics-port P");
            }
            return Optional.empty();
        }
        return Optional.of(MetricsEndpoint.start(bind != null ? bind : InetAddress.getLoopbackAddress(), port));
    }
}
