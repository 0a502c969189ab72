package dev.loomlab.servers.mvc;

import dev.loomlab.core.server.BlockingEndpoint;
import dev.loomlab.core.server.CpuWork;
import dev.loomlab.core.server.RequestThreads;
import dev.loomlab.core.server.ServedEndpoint;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.UserCache;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.db.JdbcEndpoint;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.File;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mvc-platform} and {@code mvc-virtual}: Spring MVC on Tomcat (Spring Boot 4), a controller that
 * does its endpoint kind on the request's thread — {@code Thread.sleep}s the delay, {@link CpuWork},
 * {@link UserCache}, or a database call over JDBC with HikariCP ({@link JdbcEndpoint}), blocking the
 * request's thread while it waits for a connection and for PostgreSQL — and answers {@code ok}, or 500
 * when the database call fails. Platform: Tomcat's pool of
 * {@value #PLATFORM_THREADS} threads ({@code server.tomcat.threads.max}), article 004's setting;
 * virtual: {@code spring.threads.virtual.enabled=true}, a virtual thread per request. Tomcat's own
 * limits are lifted so that they are not what is measured (docs/web.md): max-connections
 * {@value #MAX_CONNECTIONS}, accept-count {@value #ACCEPT_COUNT}, unlimited keep-alive requests, and an
 * unlimited processor cache. A request is in flight while a servlet filter passes it on, until its answer is
 * written; platform reports Tomcat's pool ({@link #requestThreads}), virtual has none.
 * Usage: {@code MvcServer platform|virtual <delay> <port> [<address>] [endpoint=… …]}.
 */
@SpringBootApplication
public class MvcServer {
    static final int PLATFORM_THREADS = 200;
    static final int MAX_CONNECTIONS = 100_000;
    static final int ACCEPT_COUNT = 65_535;

    /** Where Tomcat's working folders live, shared by every start: {@code <java.io.tmpdir>/loomlab-tomcat}. */
    static final Path TOMCAT_HOME = Path.of(System.getProperty("java.io.tmpdir"), "loomlab-tomcat");

    /** Serves no files, from a folder of its own rather than a new temporary one per start. */
    @Bean
    WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> documentRoot() {
        return factory -> {
            File root = TOMCAT_HOME.resolve("docbase").toFile();
            if (root.isDirectory() || root.mkdirs()) {
                factory.setDocumentRoot(root);
            }
        };
    }

    public static void main(String[] argv) {
        if (argv.length < 3 || !(argv[0].equals("platform") || argv[0].equals("virtual"))) {
            System.err.println("mvc server: usage: MvcServer platform|virtual <delay> <port> [<address>] [endpoint=… …]");
            System.exit(2);
            return;
        }
        boolean virtual = argv[0].equals("virtual");
        ServerArgs args = ServerArgs.parseOrExit("mvc", Arrays.copyOfRange(argv, 1, argv.length));
        // Opened (the tables prepared) before Spring starts, so that a database that cannot be reached is one line.
        ServedEndpoint<JdbcEndpoint> endpoint = ServedEndpoint.openOrExit("mvc", args, JdbcEndpoint::open);
        SpringApplication app = new SpringApplication(MvcServer.class);
        app.setDefaultProperties(properties(args, virtual));
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("servedEndpoint", endpoint));
        ConfigurableApplicationContext context = app.run();
        WebServer web = ((WebServerApplicationContext) context).getWebServer();
        Optional<RequestThreads> threads = requestThreads(web);
        if (threads.isPresent()) {
            endpoint.control(web.getPort(), threads.get());
        } else {
            endpoint.control(web.getPort());
        }
    }

    /**
     * Tomcat's pool of request threads, read from the pool itself: present on platform threads, absent on virtual
     * threads, whose executor starts a thread per request and has no maximum.
     */
    static Optional<RequestThreads> requestThreads(WebServer web) {
        if (web instanceof TomcatWebServer tomcat
                && tomcat.getTomcat().getConnector().getProtocolHandler().getExecutor() instanceof ThreadPoolExecutor pool) {
            return Optional.of(new RequestThreads() {
                @Override
                public int busy() {
                    return pool.getActiveCount();
                }

                @Override
                public int max() {
                    return pool.getMaximumPoolSize();
                }
            });
        }
        return Optional.empty();
    }

    /** Marks where each request begins and ends, around everything Spring does with it, its answer written included. */
    @Bean
    Filter requestsInFlight(ServedEndpoint<JdbcEndpoint> endpoint) {
        return (request, response, chain) -> {
            endpoint.inFlight().begin();
            try {
                chain.doFilter(request, response);
            } finally {
                endpoint.inFlight().end();
            }
        };
    }

    static Map<String, Object> properties(ServerArgs args, boolean virtual) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.address", args.bind().getHostAddress());
        p.put("server.port", args.port());
        p.put("spring.threads.virtual.enabled", virtual);
        p.put("server.tomcat.threads.max", PLATFORM_THREADS);
        p.put("server.tomcat.max-connections", MAX_CONNECTIONS);
        p.put("server.tomcat.accept-count", ACCEPT_COUNT);
        p.put("server.tomcat.max-keep-alive-requests", -1);
        // Tomcat keeps 200 idle request processors (about 50 KB each) by default and drops the rest after
        // each request: with thousands of requests in flight on virtual threads, that churn made young
        // collections of 100-200 ms (measured: 10 s of GC in 30 s at 3,000 users). Cache them all.
        p.put("server.tomcat.processor-cache", -1);
        // Tomcat's own temporary folders, which Spring Boot makes anew per start and deletes in a shutdown
        // hook — which a server ending by halt or SIGKILL never runs: one shared pair, not two per start.
        p.put("server.tomcat.basedir", TOMCAT_HOME.resolve("base").toString());
        p.put("spring.main.banner-mode", "off");
        p.put("logging.level.root", "WARN");
        return p;
    }

    /** {@code GET /get?delay=…}: does its endpoint kind ({@link BlockingEndpoint}), names its thread, answers {@code ok}. */
    @RestController
    static final class Endpoint {
        private final ServedEndpoint<JdbcEndpoint> endpoint;

        Endpoint(ServedEndpoint<JdbcEndpoint> endpoint) {
            this.endpoint = endpoint;
        }

        @GetMapping(ServerArgs.PATH)
        String get(@RequestParam(name = "delay", required = false) String delay, HttpServletResponse response)
                throws InterruptedException {
            endpoint.count();
            long ms = delay == null ? endpoint.args().delayMillis() : endpoint.args().parseDelay(delay);
            try {
                BlockingEndpoint.serve(endpoint, ms);
            } catch (SQLException e) {
                response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
                return "database call failed";
            }
            response.setHeader(ServingThread.HEADER, ServingThread.current(false).header());
            response.setContentType("text/plain");
            return ServerArgs.BODY;
        }
    }
}
