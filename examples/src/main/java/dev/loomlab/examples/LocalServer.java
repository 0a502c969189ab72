package dev.loomlab.examples;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A stand-in for the service an example task calls, when no {@code url} parameter names a real one: the
 * JDK's HTTP server on 127.0.0.1, any free port, answering {@code ok} after {@code delay-ms} (default 50),
 * each request on a platform thread of its own so that the server never limits concurrency. Not on
 * virtual threads: on JDK 21 callers pinned to every carrier (blocking inside {@code synchronized}) would
 * leave none to run the server's handlers, and the calls would wait forever for answers never written.
 */
final class LocalServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();

    private LocalServer(long delayMs) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10_000);
        server.setExecutor(executor);
        byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, ok.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(ok);
            }
        });
        server.start();
    }

    /** The URL to call: {@code url} when given, else that of a server started here (kept in {@code started[0]}). */
    static URI target(Map<String, String> params, LocalServer[] started) throws IOException {
        String url = params.get("url");
        if (url != null) {
            return URI.create(url);
        }
        started[0] = new LocalServer(Long.parseLong(params.getOrDefault("delay-ms", "50")));
        return URI.create("http://127.0.0.1:" + started[0].server.getAddress().getPort() + "/get");
    }

    @Override
    public void close() {
        server.stop(0);
        executor.close();
    }
}
