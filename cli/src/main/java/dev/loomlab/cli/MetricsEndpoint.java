package dev.loomlab.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.BadInputException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The {@code --metrics-port} endpoint: {@code GET /metrics} answers with the Prometheus text of a Micrometer
 * registry, from a JDK HTTP server in the loomlab process (never in a trial JVM) for as long as it is open.
 */
final class MetricsEndpoint implements AutoCloseable {
    private static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final HttpServer server;

    private MetricsEndpoint(PrometheusMeterRegistry registry, HttpServer server) {
        this.registry = registry;
        this.server = server;
    }

    /**
     * Listens on {@code bind:port} now.
     *
     * @throws BadInputException when the port is taken or the address cannot be listened on
     */
    static MetricsEndpoint start(InetAddress bind, int port) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HttpServer server;
        String where = new InetSocketAddress(bind, port).getHostString() + ":" + port;
        try {
            server = HttpServer.create(new InetSocketAddress(bind, port), 0);
        } catch (BindException e) {
            throw new BadInputException("--metrics-port " + port + ": cannot listen on " + where + " (in use?): " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException("--metrics-port " + port + ": cannot listen on " + where + ": " + e.getMessage());
        }
        server.createContext("/metrics", exchange -> answer(exchange, registry));
        server.start();
        return new MetricsEndpoint(registry, server);
    }

    private static void answer(HttpExchange exchange, PrometheusMeterRegistry registry) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body;
            try {
                body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            } catch (RuntimeException e) {
                // Answered, not thrown: an exception out of a handler stops the JDK server's dispatcher for good.
                byte[] why = ("scrape failed: " + e + "\n").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(500, why.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(why);
                }
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", TEXT_FORMAT);
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(200, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** Says on {@code err} where the metrics are, and warns when other machines can reach them. */
    static void announce(MetricsEndpoint endpoint, java.io.PrintStream err) {
        if (!endpoint.server.getAddress().getAddress().isLoopbackAddress()) {
            err.println("loomlab: warning: the metrics endpoint listens on " + endpoint.server.getAddress().getAddress().getHostAddress()
                    + ", so it is reachable from the network, not only from this machine");
        }
        err.println("loomlab: Prometheus metrics at " + endpoint.uri());
    }

    MeterRegistry registry() {
        return registry;
    }

    /** Where Prometheus scrapes: {@code http://ADDR:P/metrics}. */
    URI uri() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/metrics");
    }

    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }
}
