package dev.loomlab.servers.helidon;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.server.BlockingEndpoint;
import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.ServedEndpoint;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.JdbcEndpoint;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code helidon}: Helidon 4 SE, whose web server runs every request on a virtual thread by design;
 * the handler does its endpoint kind on that thread — {@code Thread.sleep}s the delay, {@link CpuWork},
 * {@link UserCache}, or a database call over JDBC with HikariCP ({@link JdbcEndpoint}), blocking its
 * virtual thread — and answers {@code ok}, or 500 when the database call fails. Backlog {@value #BACKLOG}; no limit on connections or
 * concurrent requests (Helidon's defaults). A request is in flight while its handler runs, which sends the answer;
 * a virtual thread per request leaves no pool of request threads to report. Usage: {@code HelidonServer <delay> <port> [<address>] [endpoint=… …]}.
 */
public final class HelidonServer {
    static final int BACKLOG = 65_535;

    private final ServedEndpoint<JdbcEndpoint> endpoint;

    private HelidonServer(ServedEndpoint<JdbcEndpoint> endpoint) {
        this.endpoint = endpoint;
    }

    public static void main(String[] argv) {
        ServerArgs args = ServerArgs.parseOrExit("helidon", argv);
        Logger.getLogger("io.helidon").setLevel(Level.WARNING);
        HelidonServer server = new HelidonServer(ServedEndpoint.openOrExit("helidon", args, JdbcEndpoint::open));
        WebServer web = WebServer.builder()
                .host(args.bind().getHostAddress())
                .port(args.port())
                .backlog(BACKLOG)
                .routing(r -> r.get(ServerArgs.PATH, server::handle))
                .build()
                .start();
        server.endpoint.control(web.port());
    }

    private void handle(ServerRequest request, ServerResponse response) throws InterruptedException {
        endpoint.inFlight().begin();
        try {
            answer(request, response);
        } finally {
            endpoint.inFlight().end();
        }
    }

    private void answer(ServerRequest request, ServerResponse response) throws InterruptedException {
        endpoint.count();
        try {
            BlockingEndpoint.serve(endpoint, endpoint.args().delayMillis(request.query().rawValue()));
        } catch (BadInputException e) {
            response.status(Status.BAD_REQUEST_400).send();
            return;
        } catch (SQLException e) {
            response.status(Status.INTERNAL_SERVER_ERROR_500).send();
            return;
        }
        response.header(ServingThread.HEADER, ServingThread.current(false).header());
        response.send(ServerArgs.BODY);
    }
}
