package dev.loomlab.servers.webflux;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.server.ServerControl;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.R2dbcEndpoint;
import io.netty.channel.ChannelOption;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code webflux}: Spring WebFlux on Reactor Netty (Spring Boot 4), the handler on an event loop, by
 * endpoint kind: sleep answers {@code Mono.just("ok").delayElement(delay)} (no thread waits); cpu
 * computes ({@link CpuWork}) on Reactor's {@code parallel} scheduler, one thread per core, which Reactor
 * keeps for CPU-bound work, so that the event loops stay free to read and write; memory retains
 * ({@link UserCache}, lock-free and short) on the event loop itself; the db endpoints chain a call over
 * R2DBC with r2dbc-pool ({@link R2dbcEndpoint}), whose driver runs on Reactor Netty's loops too, so that no
 * thread waits for a connection or for PostgreSQL; a call that fails answers 500.
 * Accept backlog {@value #BACKLOG}; Reactor Netty has no connection limit of its own.
 * Usage: {@code WebfluxServer <delay> <port> [<address>] [endpoint=… …]}.
 */
@SpringBootApplication
public class WebfluxServer {
    static final int BACKLOG = 65_535;

    private final LongAdder requests = new LongAdder();

    public static void main(String[] argv) {
        ServerArgs args;
        try {
            args = ServerArgs.parse(argv);
        } catch (BadInputException | NumberFormatException e) {
            System.err.println("webflux server: " + e.getMessage());
            System.exit(2);
            return;
        }
        R2dbcEndpoint db;
        try {
            // Opened (the tables prepared) before Spring starts, so that a database that cannot be reached is one line.
            db = args.endpoint().kind().usesDatabase() ? R2dbcEndpoint.open(args.endpoint()) : null;
        } catch (SQLException | IllegalStateException e) {
            System.err.println("webflux server: database: " + e.getMessage());
            System.exit(1);
            return;
        }
        SpringApplication app = new SpringApplication(WebfluxServer.class);
        if (db != null) {
            app.addInitializers(context -> context.getBeanFactory().registerSingleton("r2dbcEndpoint", db));
        }
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.address", args.bind().getHostAddress());
        p.put("server.port", args.port());
        p.put("loomlab.delay-ms", args.delayMillis());
        p.put("loomlab.endpoint", String.join(" ", args.endpoint().words()));
        p.put("spring.main.banner-mode", "off");
        p.put("logging.level.root", "WARN");
        app.setDefaultProperties(p);
        ConfigurableApplicationContext context = app.run();
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        WebfluxServer server = context.getBean(WebfluxServer.class);
        Endpoint endpoint = context.getBean(Endpoint.class);
        ServerControl.serve(port, () -> Map.of("requests", server.requests.sum(), "cache_entries", endpoint.cache.entries(),
                "db_calls", db == null ? 0 : db.calls()), () -> {
                    server.requests.reset();
                    if (db != null) {
                        db.reset();
                    }
                });
    }

    /** A large accept backlog, so that a burst of connects is not what is measured. */
    @Bean
    NettyServerCustomizer backlog() {
        return http -> http.option(ChannelOption.SO_BACKLOG, BACKLOG);
    }

    /** {@code GET /get?delay=…}: names its thread, answers {@code ok} after its endpoint kind, never blocking an event loop. */
    @RestController
    static final class Endpoint {
        private final WebfluxServer server;
        private final ServerArgs args;
        private final UserCache cache;
        /** The db endpoints' pool; null for the other kinds. */
        private final R2dbcEndpoint db;

        Endpoint(WebfluxServer server, @Value("${loomlab.delay-ms}") long delayMs, @Value("${loomlab.endpoint}") String endpoint,
                 ObjectProvider<R2dbcEndpoint> db) {
            this.server = server;
            this.args = new ServerArgs(delayMs, 0, ServerArgs.LOOPBACK, EndpointSpec.parse(List.of(endpoint.split(" "))));
            this.cache = new UserCache(args.endpoint());
            this.db = db.getIfAvailable();
        }

        @GetMapping(ServerArgs.PATH)
        Mono<String> get(@RequestParam(name = "delay", required = false) String delay, ServerHttpResponse response) {
            server.requests.increment();
            long ms = delay == null ? args.delayMillis() : args.parseDelay(delay);
            response.getHeaders().set(ServingThread.HEADER,
                    ServingThread.current(Schedulers.isInNonBlockingThread()).header());
            Mono<String> ok = Mono.just(ServerArgs.BODY);
            return switch (args.endpoint().kind()) {
                case SLEEP -> ms > 0 ? ok.delayElement(Duration.ofMillis(ms)) : ok;
                case CPU -> Mono.fromCallable(() -> CpuWork.spend(args.endpoint().workNanos()))
                        .subscribeOn(Schedulers.parallel()).thenReturn(ServerArgs.BODY);
                case MEMORY -> Mono.fromCallable(cache::retainRandomUser).thenReturn(ServerArgs.BODY);
                case DB, DB_WRITE, DB_WRITE_BATCH -> db.serve().thenReturn(ServerArgs.BODY).onErrorResume(e -> {
                    response.setStatusCode(HttpStatus.INTERNAL_SERVER_ERROR);
                    return Mono.just("database call failed");
                });
            };
        }
    }
}
