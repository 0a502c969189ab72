package dev.loomlab.load.web;

import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.server.ListeningSockets;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadReport;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every server under test, started as the web scenario starts it: it answers, proves its model, counts
 * exactly, reports the requests it holds and its pool of request threads, and listens on 127.0.0.1 unless given
 * another address.
 */
class ServersTest {
    private static final long DELAY_MS = 20;

    /** Requests held open at once by {@link #reportsTheRequestsItHoldsInFlight}: fewer than Tomcat's 200 threads. */
    private static final int HELD = 40;
    /** How long each of them is held, ms: long enough for every one to arrive before the first is answered. */
    private static final long HOLD_MS = 1500;

    /**
     * One server per model, each started on 127.0.0.2 (127.0.0.0/8 is all loopback on Linux: another address there shows
     * the address is honoured, offline): it listens there and nowhere else, proves its model, counts every request, lets a
     * request's own delay override the default, keeps 300 idle connections open, and reports the requests it holds. One
     * start per model for all of it (the address given is the server's own argument, whatever else it does); the address a
     * server gets when given none: {@link #givenNoAddressAServerListensOn127001Only}. It takes more than 10 s: five server
     * JVMs (three of them Spring's), each under about 3 s of load.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mvc-platform", "mvc-virtual", "webflux", "helidon", "jdk"})
    void listensOnTheAddressItIsGivenAnswersFromThePromisedThreadKindCountsEveryRequestAndKeepsIdleConnections(String name)
            throws Exception {
        ServerModel model = ServerModels.named(name);
        InetAddress second = address(127, 0, 0, 2);
        try (ServerUnderTest server = ServerUnderTest.start(model, DELAY_MS, second, 0)) {
            int port = server.uri(null).getPort();
            assertThat(server.uri(null).getHost()).isEqualTo("127.0.0.2");
            assertThat(server.verify()).isEqualTo(model.promise());
            assertThat(ListeningSockets.of(server.pid())).containsExactly(new InetSocketAddress(second, port));
            try (Socket other = new Socket()) {
                assertThatThrownBy(() -> other.connect(new InetSocketAddress(address(127, 0, 0, 1), port), 10_000))
                        .as("nothing listens on 127.0.0.1:" + port).isInstanceOf(ConnectException.class);
            }
            long resetAt = System.nanoTime();
            server.reset();

            LoadSpec spec = LoadSpec.closed(server.uri(null), 10, Duration.ZERO, Duration.ofSeconds(1), Ramp.CONSTANT,
                    Duration.ofSeconds(30), "ok");
            LoadReport r = new LoadGenerator(spec).run();

            assertThat(r.errorCount()).isZero();
            assertThat(r.ok()).isPositive().isEqualTo(r.sent());
            assertThat(server.stats().get("requests")).isEqualTo((double) r.sent());
            assertThat(r.servedBy()).containsEntry(model.promise().header(), r.ok());
            // the delay is a physical lower bound on every answer
            assertThat(r.latency().getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(DELAY_MS));
            // the stop-the-world pauses since the reset fit in the time since the reset
            assertThat(server.stats().get("gc_pause_ms")).isBetween(0.0, (System.nanoTime() - resetAt) / 1e6);

            if (name.equals("jdk") || name.equals("webflux")) {
                aRequestsOwnDelayOverridesTheDefault(server);
            }
            keepsThreeHundredIdleConnectionsOpen(server);
            reportsTheRequestsItHoldsInFlight(server, model);
        }
    }

    /**
     * {@value #HELD} requests, each held {@value #HOLD_MS} ms by its own delay and all sent at once: before the first
     * is answered the server reports every one of them in flight, and mvc-platform a busy thread of its pool of 200 for
     * each; once all are answered, none is in flight. A server with no bounded pool of request threads reports none.
     */
    private static void reportsTheRequestsItHoldsInFlight(ServerUnderTest server, ServerModel model) throws Exception {
        LoadSpec spec = LoadSpec.closed(server.uri(HOLD_MS + "ms"), HELD, Duration.ZERO, Duration.ofMillis(100), Ramp.CONSTANT,
                Duration.ofSeconds(30), "ok");
        CompletableFuture<LoadReport> load = CompletableFuture.supplyAsync(() -> {
            try {
                return new LoadGenerator(spec).run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Map<String, Double> held = server.stats();
        while (held.get("requests_in_flight") < HELD && !load.isDone()) {
            Thread.sleep(20);
            held = server.stats();
        }
        LoadReport r = load.get();
        assertThat(r.ok()).as(r.errorKinds().toString()).isEqualTo(HELD);
        // Only the held requests were sent: never more in flight than those.
        assertThat(held.get("requests_in_flight")).as("in flight while held: " + held).isEqualTo(HELD);
        if (model.threads().isPresent()) {
            assertThat(held.get("threads_max")).isEqualTo(ServerModels.TOMCAT_THREADS);
            assertThat(held.get("threads_busy")).as("busy threads while held").isBetween((double) HELD, held.get("threads_max"));
        } else {
            assertThat(held).doesNotContainKeys("threads_busy", "threads_max");
        }
        assertThat(settledInFlight(server)).as("in flight once every answer came back").isZero();
    }

    /** The requests in flight once they stop changing toward 0 (an answer reaches its client just before its handler ends). */
    private static double settledInFlight(ServerUnderTest server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        double inFlight = server.stats().get("requests_in_flight");
        while (inFlight > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            inFlight = server.stats().get("requests_in_flight");
        }
        return inFlight;
    }

    /** Given no address, a server listens on 127.0.0.1 only (this machine), not on every address: on jdk, the quickest to start. */
    @org.junit.jupiter.api.Test
    void givenNoAddressAServerListensOn127001Only() throws Exception {
        ServerModel model = ServerModels.named("jdk");
        try (ServerUnderTest server = ServerUnderTest.start(model, 0, 0)) {
            assertThat(server.verify()).isEqualTo(model.promise());
            assertThat(ListeningSockets.of(server.pid()))
                    .containsExactly(new InetSocketAddress(address(127, 0, 0, 1), server.uri(null).getPort()));
        }
    }

    private static InetAddress address(int a, int b, int c, int d) throws UnknownHostException {
        return InetAddress.getByAddress(new byte[]{(byte) a, (byte) b, (byte) c, (byte) d});
    }

    private static void aRequestsOwnDelayOverridesTheDefault(ServerUnderTest server) throws Exception {
        LoadSpec spec = LoadSpec.closed(java.net.URI.create(server.uri("150ms").toString()), 2, Duration.ZERO,
                Duration.ofMillis(500), Ramp.CONSTANT, Duration.ofSeconds(30), "ok");
        LoadReport r = new LoadGenerator(spec).run();
        assertThat(r.ok()).isPositive();
        assertThat(r.latency().getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(150));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mvc-platform"})
    void overloadReportsTimeoutsAndEnds(String name) throws Exception {
        // 200 threads × 1 s delay serve 200 req/s; 1,000 users with a 500 ms timeout mostly time out
        try (ServerUnderTest server = ServerUnderTest.start(ServerModels.named(name), 1000, 0)) {
            LoadSpec spec = LoadSpec.closed(server.uri(null), 1000, Duration.ZERO, Duration.ofSeconds(1), Ramp.CONSTANT,
                    Duration.ofMillis(500), "ok");
            LoadReport r = new LoadGenerator(spec).run();
            assertThat(r.errors().get(dev.loomlab.load.RequestError.TIMEOUT)).isPositive();
            assertThat(r.ok() + r.errorCount()).isEqualTo(r.sent());
            assertThat(server.isAlive()).isTrue();
        }
    }

    /**
     * The web scenario holds up to 10,000 connections, idle between requests: a server that closes idle
     * connections beyond a limit of its own (the JDK's server keeps 200 by default) turns the next request on
     * each of them into a reset. 300 connections, each answered once (asking for no delay), then idle together, must
     * each answer again.
     */
    private static void keepsThreeHundredIdleConnectionsOpen(ServerUnderTest server) throws Exception {
        int connections = 300;
        java.net.URI uri = server.uri("0ms");
        List<Socket> sockets = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                Socket s = new Socket(uri.getHost(), uri.getPort());
                s.setSoTimeout(30_000);
                sockets.add(s);
                assertThat(exchange(s, uri)).as("first answer on connection " + i).startsWith("HTTP/1.1 200");
            }
            int answered = 0;
            for (Socket s : sockets) {
                try {
                    if (exchange(s, uri).startsWith("HTTP/1.1 200")) {
                        answered++;
                    }
                } catch (java.io.IOException closed) {
                    // counted below: a connection the server closed while idle
                }
            }
            assertThat(answered).as("second answers on %d idle connections", connections).isEqualTo(connections);
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    /** Sends one GET on {@code socket} and returns the whole response, read to its Content-Length; "" at EOF. */
    private static String exchange(Socket socket, java.net.URI uri) throws java.io.IOException {
        String request = "GET " + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort() + "\r\n\r\n";
        socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        java.io.InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return "";
            }
            head.append((char) b);
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        int body = length.find() ? Integer.parseInt(length.group(1)) : 0;
        byte[] rest = in.readNBytes(body);
        return head + new String(rest, java.nio.charset.StandardCharsets.US_ASCII);
    }

    @org.junit.jupiter.api.Test
    void theHeaderNamesEveryKind() {
        for (ServingThread t : ServingThread.values()) {
            assertThat(ServingThread.ofHeader(t.header())).contains(t);
        }
        assertThat(ServingThread.ofHeader("carrier")).isEmpty();
    }
}
