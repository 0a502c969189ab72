package dev.loomlab.servers.helidon;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.server.ServerControl;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.JdbcEndpoint;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code helidon}: Helidon 4 SE, whose web server runs every request on a virtual thread by design;
 * the handler does its endpoint kind on that thread — {@code Thread.sleep}s the delay, {@link CpuWork},
 * {@link UserCache}, or a database call over JDBC with HikariCP ({@link JdbcEndpoint}), blocking its
 * virtual thread — and answers {@code ok}, or 500 when the database call fails. Backlog {@value #BACKLOG}; no limit on connections or
 * concurrent requests (Helidon's defaults). Usage: {@code HelidonServer <delay> <port> [<address>] [endpoint=… …]}.
 */
public final class HelidonServer {
    static final int BACKLOG = 65_535;

    private final ServerArgs args;
    private final LongAdder requests = new LongAdder();
    private final UserCache cache;
    /** The db endpoints' pool; null for the other kinds. */
    private final JdbcEndpoint db;

    private HelidonServer(ServerArgs args) throws SQLException {
        this.args = args;
        this.cache = new UserCache(args.endpoint());
        this.db = args.endpoint().kind().usesDatabase() ? JdbcEndpoint.open(args.endpoint()) : null;
    }

    public static void main(String[] argv) {
        ServerArgs args;
        try {
            args = ServerArgs.parse(argv);
        } catch (BadInputException | NumberFormatException e) {
            System.err.println("helidon server: " + e.getMessage());
            System.exit(2);
            return;
        }
        Logger.getLogger("io.helidon").setLevel(Level.WARNING);
        HelidonServer server;
        try {
            server = new HelidonServer(args);
        } catch (SQLException | IllegalStateException e) {
            System.err.println("helidon server: database: " + e.getMessage());
            System.exit(1);
            return;
        }
        WebServer web = WebServer.builder()
                .host(args.bind().getHostAddress())
                .port(args.port())
                .backlog(BACKLOG)
                .routing(r -> r.get(ServerArgs.PATH, server::handle))
                .build()
                .start();
        ServerControl.serve(web.port(), () -> Map.of("requests", server.requests.sum(), "cache_entries", server.cache.entries(),
                "db_calls", server.db == null ? 0 : server.db.calls()), () -> {
                    server.requests.reset();
                    if (server.db != null) {
                        server.db.reset();
                    }
                });
    }

    private void handle(ServerRequest request, ServerResponse response) throws InterruptedException {
        requests.increment();
        long delay;
        try {
            delay = args.delayMillis(request.query().rawValue());
        } catch (BadInputException e) {
            response.status(Status.BAD_REQUEST_400).send();
            return;
        }
        switch (args.endpoint().kind()) {
            case SLEEP -> {
                if (delay > 0) {
                    Thread.sleep(delay);
                }
            }
            case CPU -> CpuWork.spend(args.endpoint().workNanos());
            case MEMORY -> cache.retainRandomUser();
            case DB, DB_WRITE, DB_WRITE_BATCH -> {
                try {
                    db.serve();
                } catch (SQLException e) {
                    response.status(Status.INTERNAL_SERVER_ERROR_500).send();
                    return;
                }
            }
        }
        response.header(ServingThread.HEADER, ServingThread.current(false).header());
        response.send(ServerArgs.BODY);
    }
}
