package dev.loomlab.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** A local HTTP server for the generator's tests: counts requests, answers "ok" after a delay, or stalls until released. */
final class TestServer implements AutoCloseable {
    private final HttpServer http;
    private final long delayMs;
    private final CountDownLatch stall;
    final AtomicLong requests = new AtomicLong();
    final CountDownLatch firstRequest = new CountDownLatch(1);

    private TestServer(long delayMs, boolean stalled) throws IOException {
        this.delayMs = delayMs;
        this.stall = new CountDownLatch(stalled ? 1 : 0);
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/get", this::handle);
        http.start();
    }

    /** Answers every request after {@code delayMs}. */
    static TestServer delaying(long delayMs) throws IOException {
        return new TestServer(delayMs, false);
    }

    /** Holds every request until {@link #release}. */
    static TestServer stalled() throws IOException {
        return new TestServer(0, true);
    }

    void release() {
        stall.countDown();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/get");
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            firstRequest.countDown();
            try {
                stall.await(60, TimeUnit.SECONDS);
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                return;
            }
            byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("X-Loomlab-Thread", "virtual");
            exchange.sendResponseHeaders(200, ok.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(ok);
            }
        }
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
