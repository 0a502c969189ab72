package dev.loomlab.cli;

import com.sun.net.httpserver.HttpServer;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * A user's service for {@code assess}'s tests, started by the command under test: {@code GET /work} waits 20 ms and
 * answers {@code ok}. {@code -Dthreads=platform} serves on a pool of {@code -Dpool} platform threads (default 4: at most
 * 4 / 20 ms = 200 answers a second); {@code -Dthreads=virtual} on a virtual thread per request, at most {@code -Dlimit}
 * at once (default 8: 400 a second), so that a test's rates stay small. The first argument is the port.
 */
public final class AssessTestService {
    private AssessTestService() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        boolean virtual = System.getProperty("threads", "platform").equals("virtual");
        Semaphore limit = new Semaphore(Integer.getInteger("limit", 8));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(virtual ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(Integer.getInteger("pool", 4)));
        server.createContext("/work", exchange -> {
            try {
                if (virtual) {
                    limit.acquire();
                }
                try {
                    Thread.sleep(20);
                } finally {
                    if (virtual) {
                        limit.release();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        System.out.println("serving on " + port + " with " + (virtual ? "virtual" : "platform") + " threads");
    }
}
