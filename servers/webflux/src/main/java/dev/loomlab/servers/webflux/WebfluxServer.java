package dev.loomlab.servers.webflux;

import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.ServedEndpoint;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.R2dbcEndpoint;
import io.netty.channel.ChannelOption;
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
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code webflux}: Spring WebFlux on Reactor Netty (Spring Boot 4), the handler on an event loop, by
 * endpoint kind: sleep answers {@code Mono.just("ok").delayElement(delay)} (no thread waits); cpu
 * computes ({@link CpuWork}) on Reactor's {@code parallel} scheduler, one thread per core, which Reactor
 * keeps for CPU-bound work, so that the event loops stay free to read and write; memory retains
 * ({@link UserCache}, lock-free and short) on the event loop itself; the db endpoints chain a call over
 * R2DBC with r2dbc-pool ({@link R2dbcEndpoint}), whose driver runs on Reactor Netty's loops too, so that no
 * thread waits for a connection or for PostgreSQL; a call that fails answers 500.
 * Accept backlog {@value #BACKLOG}; Reactor Netty has no connection limit of its own. A request is in flight from
 * a web filter's start until its answer's Mono ends. No request holds a thread while it waits, so the event loops are
 * no pool of request threads, and none is reported.
 * Usage: {@code WebfluxServer <delay> <port> [<address>] [endpoint=… …]}.
 */
@SpringBootApplication
public class WebfluxServer {
    static final int BACKLOG = 65_535;

    public static void main(String[] argv) {
        ServerArgs args = ServerArgs.parseOrExit("webflux", argv);
        // Opened (the tables prepared) before Spring starts, so that a database that cannot be reached is one line.
        ServedEndpoint<R2dbcEndpoint> endpoint = ServedEndpoint.openOrExit("webflux", args, R2dbcEndpoint::open).withEventLoops();
        SpringApplication app = new SpringApplication(WebfluxServer.class);
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("servedEndpoint", endpoint));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.address", args.bind().getHostAddress());
        p.put("server.port", args.port());
        p.put("spring.main.banner-mode", "off");
        p.put("logging.level.root", "WARN");
        app.setDefaultProperties(p);
        ConfigurableApplicationContext context = app.run();
        endpoint.control(((WebServerApplicationContext) context).getWebServer().getPort());
    }

    /** Marks where each request begins and ends: from the filter chain's subscription until its answer is written. */
    @Bean
    WebFilter requestsInFlight(ServedEndpoint<R2dbcEndpoint> endpoint) {
        return (exchange, chain) -> Mono.defer(() -> {
            endpoint.inFlight().begin();
            return chain.filter(exchange);
        }).doFinally(signal -> endpoint.inFlight().end());
    }

    /** A large accept backlog, so that a burst of connects is not what is measured. */
    @Bean
    NettyServerCustomizer backlog() {
        return http -> http.option(ChannelOption.SO_BACKLOG, BACKLOG);
    }

    /** {@code GET /get?delay=…}: names its thread, answers {@code ok} after its endpoint kind, never blocking an event loop. */
    @RestController
    static final class Endpoint {
        private final ServedEndpoint<R2dbcEndpoint> endpoint;

        Endpoint(ServedEndpoint<R2dbcEndpoint> endpoint) {
            this.endpoint = endpoint;
        }

        @GetMapping(ServerArgs.PATH)
        Mono<String> get(@RequestParam(name = "delay", required = false) String delay, ServerHttpResponse response) {
            endpoint.count();
            if (Schedulers.isInNonBlockingThread()) {
                endpoint.markEventLoop();
            }
            long ms = delay == null ? endpoint.args().delayMillis() : endpoint.args().parseDelay(delay);
            response.getHeaders().set(ServingThread.HEADER,
                    ServingThread.current(Schedulers.isInNonBlockingThread()).header());
            Mono<String> ok = Mono.just(ServerArgs.BODY);
            return switch (endpoint.spec().kind()) {
                case SLEEP -> ms > 0 ? ok.delayElement(Duration.ofMillis(ms)) : ok;
                case CPU -> Mono.fromCallable(() -> CpuWork.spend(endpoint.spec().workNanos()))
                        .subscribeOn(Schedulers.parallel()).thenReturn(ServerArgs.BODY);
                case MEMORY -> Mono.fromCallable(endpoint.cache()::retainRandomUser).thenReturn(ServerArgs.BODY);
                // the driver completes a call on its own loops (reactor-tcp-*): those must not block either
                case DB, DB_WRITE, DB_WRITE_BATCH, DB_WRITE_BUFFERED, DB_SLEEP -> endpoint.db().serve().doOnSuccess(done -> {
                    if (Schedulers.isInNonBlockingThread()) {
                        endpoint.markEventLoop();
                    }
                }).thenReturn(ServerArgs.BODY).onErrorResume(e -> {
                    response.setStatusCode(HttpStatus.INTERNAL_SERVER_ERROR);
                    return Mono.just("database call failed");
                });
            };
        }
    }
}
