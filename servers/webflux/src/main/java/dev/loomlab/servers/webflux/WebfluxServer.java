package dev.loomlab.servers.webflux;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.ServerControl;
import dev.loomlab.core.model.ServingThread;
import io.netty.channel.ChannelOption;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code webflux}: Spring WebFlux on Reactor Netty (Spring Boot 4), answering with
 * {@code Mono.just("ok").delayElement(delay)}: no thread waits, the handler runs on an event loop.
 * Accept backlog {@value #BACKLOG}; Reactor Netty has no connection limit of its own.
 * Usage: {@code WebfluxServer <delay> <port> [<address>]}.
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
        SpringApplication app = new SpringApplication(WebfluxServer.class);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.address", args.bind().getHostAddress());
        p.put("server.port", args.port());
        p.put("loomlab.delay-ms", args.delayMillis());
        p.put("spring.main.banner-mode", "off");
        p.put("logging.level.root", "WARN");
        app.setDefaultProperties(p);
        ConfigurableApplicationContext context = app.run();
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        WebfluxServer server = context.getBean(WebfluxServer.class);
        ServerControl.serve(port, () -> Map.of("requests", server.requests.sum()), server.requests::reset);
    }

    /** A large accept backlog, so that a burst of connects is not what is measured. */
    @Bean
    NettyServerCustomizer backlog() {
        return http -> http.option(ChannelOption.SO_BACKLOG, BACKLOG);
    }

    /** {@code GET /get?delay=…}: names its thread, answers {@code ok} after the delay without blocking. */
    @RestController
    static final class Endpoint {
        private final WebfluxServer server;
        private final ServerArgs args;

        Endpoint(WebfluxServer server, @Value("${loomlab.delay-ms}") long delayMs) {
            this.server = server;
            this.args = new ServerArgs(delayMs, 0);
        }

        @GetMapping(ServerArgs.PATH)
        Mono<String> get(@RequestParam(name = "delay", required = false) String delay, ServerHttpResponse response) {
            server.requests.increment();
            long ms = delay == null ? args.delayMillis() : args.parseDelay(delay);
            response.getHeaders().set(ServingThread.HEADER,
                    ServingThread.current(Schedulers.isInNonBlockingThread()).header());
            Mono<String> ok = Mono.just(ServerArgs.BODY);
            return ms > 0 ? ok.delayElement(Duration.ofMillis(ms)) : ok;
        }
    }
}
