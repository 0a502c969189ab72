package dev.loomlab.servers.jdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.BadInputException;
import dev.loomlab.core.server.BlockingEndpoint;
import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.ServedEndpoint;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.JdbcEndpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.concurrent.Executors;

/**
 * {@code jdk}: the JDK's own {@code com.sun.net.httpserver} with a virtual thread per exchange, answering
 * {@code GET /get?delay=…} with {@code ok} after its endpoint kind: a {@code Thread.sleep} of the delay,
 * {@link CpuWork}, {@link UserCache}, or a database call over JDBC with HikariCP ({@link JdbcEndpoint}),
 * on the exchange's thread; a database call that fails answers 500. Backlog 65,535; the server has no
 * connection limit of its own, and keeps up to {@link #MAX_IDLE_CONNECTIONS} idle connections open (unless
 * {@code -Dsun.net.httpserver.maxIdleConnections} says otherwise). A request is in flight from the start of its
 * handler to the end of its exchange; the server has no pool of request threads to report. Usage:
 * {@code JdkServer <delay> <port> [<address>] [endpoint=… …]}.
 */
public final class JdkServer {
    /** Accept backlog; Linux caps it at net.core.somaxconn. */
    static final int BACKLOG = 65_535;
    /**
     * Idle connections the server keeps open. The JDK's default, 200, closes every connection that goes idle
     * beyond 200; a load of more connections then writes its next request onto a connection the server has just
     * closed, and that request fails with a reset (at 30,000/s against a 10 ms delay: 9,000–13,000 resets in
     * 10 s, and a p99 of 77–350 ms from the reconnects). A service tuned for that load raises the limit.
     */
    static final int MAX_IDLE_CONNECTIONS = 65_535;
    private static final String MAX_IDLE_PROPERTY = "sun.net.httpserver.maxIdleConnections";
    private static final byte[] OK = ServerArgs.BODY.getBytes(StandardCharsets.US_ASCII);

    private final ServedEndpoint<JdbcEndpoint> endpoint;

    private JdkServer(ServedEndpoint<JdbcEndpoint> endpoint) {
        this.endpoint = endpoint;
    }

    public static void main(String[] argv) throws IOException {
        ServerArgs args = ServerArgs.parseOrExit("jdk", argv);
        JdkServer server = new JdkServer(ServedEndpoint.openOrExit("jdk", args, JdbcEndpoint::open));
        if (System.getProperty(MAX_IDLE_PROPERTY) == null) {
            // Read once, when the server's configuration class loads: before the server exists.
            System.setProperty(MAX_IDLE_PROPERTY, Integer.toString(MAX_IDLE_CONNECTIONS));
        }
        HttpServer http = HttpServer.create(new InetSocketAddress(args.bind(), args.port()), BACKLOG);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext(ServerArgs.PATH, server::handle);
        http.start();
        server.endpoint.control(http.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        endpoint.inFlight().begin();
        try {
            answer(exchange);
        } finally {
            endpoint.inFlight().end();
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            endpoint.count();
            try {
                BlockingEndpoint.serve(endpoint, endpoint.args().delayMillis(exchange.getRequestURI().getRawQuery()));
            } catch (BadInputException e) {
                exchange.sendResponseHeaders(400, -1);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(503, -1);
                return;
            } catch (SQLException e) {
                exchange.sendResponseHeaders(500, -1);
                return;
            }
            exchange.getResponseHeaders().set(ServingThread.HEADER, ServingThread.current(false).header());
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, OK.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(OK);
            }
        }
    }
}
