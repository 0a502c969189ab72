package dev.loomlab.net;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.server.ServerProcess;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Offer;
import dev.loomlab.core.workload.TaskWorkload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Article 004's echo experiment: an {@link EchoServer} of the model's kind ({@link EchoServerKind}) in its own JVM, and
 * {@code connections} clients on virtual threads here. Each client connects, sends {@code hello},
 * reads it back, then holds its connection until every client has connected (so the server really
 * holds them all at once), says {@code bye} and reads until the server closes. Clients spread over
 * loopback source addresses ({@value #PER_SOURCE} each; the first share lets the kernel choose,
 * the others bind 127.0.0.2, .3, …) so the ephemeral ports of one address never run out. A task's latency is connect + round trip; failures are counted by kind.
 */
public final class EchoWorkload implements TaskWorkload {
    /** Connections per loopback source address, below Linux's ~28,000 ephemeral ports. */
    public static final int PER_SOURCE = 20_000;
    /** Connects in flight at once: keeps SYNs within the accept backlog instead of retransmitting. */
    public static final int CONNECTS_IN_FLIGHT = 512;
    /** Open files a process keeps for itself beyond its connections (class path, logs, pipes). */
    public static final int OPEN_FILE_MARGIN = NetLimits.FD_MARGIN;
    private static final String HELLO = "hello";
    private static final int CONNECT_TIMEOUT_MS = 10_000;

    private final int connections;
    private final Duration timeout;
    private final int wave;
    private final byte[] outcomes;
    private ServerProcess server;
    private Map<String, Double> serverStats = Map.of();

    /** @param timeout how long one read may wait, and how long clients hold their connections at most */
    public EchoWorkload(int connections, Duration timeout) {
        this(connections, timeout, heldAtOnce(connections, NetLimits.openFileLimit()));
    }

    /**
     * The most connections held at once (a wave) under an open-file limit: each of the client's and the server's
     * JVMs holds one file per connection beyond {@link #OPEN_FILE_MARGIN}.
     *
     * @param openFileLimit the soft limit on open files, or -1 when unknown
     */
    public static int heldAtOnce(int connections, long openFileLimit) {
        return openFileLimit < 0 ? connections : (int) Math.min(connections, Math.max(1, openFileLimit - OPEN_FILE_MARGIN));
    }

    /** @param wave most connections held at once */
    EchoWorkload(int connections, Duration timeout, int wave) {
        this.connections = connections;
        this.timeout = timeout;
        this.wave = wave;
        this.outcomes = new byte[connections];
    }

    /** The echo-server form: the model names the server; the clients here are always virtual threads. */
    @Override
    public List<Offer<?>> offers() {
        return List.of(new Offer<>(EchoServerKind.FORM, new Offer.Job<EchoServerKind>() {
            @Override
            public void open(EchoServerKind kind) throws Exception {
                server = ServerProcess.start(EchoServer.class.getName(), List.of(), List.of(kind.name()), Duration.ofSeconds(60));
            }

            @Override
            public void run(EchoServerKind kind, TaskClock clock) throws InterruptedException {
                InetSocketAddress target = new InetSocketAddress(NetLimits.LOOPBACK, server.port());
                for (int first = 0; first < connections; first += wave) {
                    runWave(first, Math.min(wave, connections - first), target, clock);
                }
            }
        }));
    }

    @Override
    public int tasks() {
        return connections;
    }

    @Override
    public void open(Model model) throws Exception {
        int waves = (connections + wave - 1) / wave;
        System.out.println("echo: open-file limit " + NetLimits.openFileLimit() + ": " + connections + " connections "
                + (waves == 1 ? "held at once" : "in " + waves + " waves of at most " + wave + " held at once")
                + ", from " + sources() + " loopback source address(es)");
    }

    /** The echo server's GC log: the server is the model, so its pauses are the result's. */
    @Override
    public Optional<Path> modelGcLog() {
        return server == null ? Optional.empty() : server.gcLog();
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }

    private int sources() {
        return sources(wave);
    }

    /** Loopback source addresses {@code heldAtOnce} connections spread over: 127.0.0.1, .2, … */
    public static int sources(int heldAtOnce) {
        return (heldAtOnce + PER_SOURCE - 1) / PER_SOURCE;
    }

    /**
     * The source address of the {@code position}-th client of a wave, or null to let connect() choose:
     * binding to port 0 makes Linux search its bind table for a free port on every call, which costs
     * quadratic kernel time over a wave (measured: 2 min of system time for 100,000 connections), so
     * only connections beyond the first {@value #PER_SOURCE} of a wave bind.
     */
    private static InetAddress source(int position) {
        return position < PER_SOURCE ? null : NetLimits.address(127, 0, 0, 1 + position / PER_SOURCE);
    }

    @Override
    public void prepare() {
        Arrays.fill(outcomes, (byte) ErrorKind.NONE.ordinal());
        server.reset();
    }

    /** Clients {@code first … first + count - 1}: all connect, then all say bye. */
    private void runWave(int first, int count, InetSocketAddress target, TaskClock clock) throws InterruptedException {
        CountDownLatch connected = new CountDownLatch(count);
        CountDownLatch release = new CountDownLatch(1);
        Semaphore connecting = new Semaphore(CONNECTS_IN_FLIGHT);
        Thread[] clients = new Thread[count];
        for (int i = 0; i < count; i++) {
            int index = first + i;
            InetAddress source = source(i);
            clock.submitted(index);
            clients[i] = Thread.ofVirtual().start(() -> client(index, source, target, connecting, connected, release, clock));
        }
        long holdMs = timeout.toMillis();
        if (!connected.await(holdMs + CONNECT_TIMEOUT_MS + (long) count, TimeUnit.MILLISECONDS)) {
            System.out.println("echo: " + connected.getCount() + " clients neither connected nor failed in time");
        }
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(holdMs * 2);
        for (Thread t : clients) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                System.out.println("echo: clients still closing at the deadline");
                break;
            }
        }
    }

    private void client(int index, InetAddress source, InetSocketAddress target, Semaphore connecting, CountDownLatch connected,
                        CountDownLatch release, TaskClock clock) {
        boolean counted = false;
        try (Socket socket = new Socket()) {
            connecting.acquire();
            try {
                if (source != null) {
                    socket.bind(new InetSocketAddress(source, 0));
                }
                socket.connect(target, CONNECT_TIMEOUT_MS);
            } finally {
                connecting.release();
            }
            socket.setSoTimeout((int) timeout.toMillis());
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = socket.getOutputStream();
            out.write((HELLO + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String echo = in.readLine();
            if (!HELLO.equals(echo)) {
                outcomes[index] = (byte) (echo == null ? ErrorKind.RESET : ErrorKind.CONTENT).ordinal();
            }
            clock.complete(index, null);
            connected.countDown();
            counted = true;
            if (echo == null || !release.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
            out.write((EchoServer.BYE + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (in.readLine() != null) {
                // the server closes first, so its side keeps the TIME_WAIT, not this port
            }
        } catch (IOException e) {
            if (!counted) {
                outcomes[index] = (byte) ErrorKind.of(e).ordinal();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (!counted) {
                clock.complete(index, null);
                connected.countDown();
            }
        }
    }

    /** Every client ended; round trips + errors = connections; the server echoed every round trip. */
    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        long roundTrips = connections - ErrorKind.count(outcomes).get(ServerMetrics.REQUEST_ERRORS.name()).longValue();
        Double echoed = serverStats.get("echoed");
        if (echoed != null && echoed < roundTrips) {
            throw new ValidationException(roundTrips + " round trips came back but the server echoed only " + echoed.longValue());
        }
    }

    /**
     * {@code round_trips}, {@code errors} by kind, {@code held_at_once} (the wave size), and the
     * server's figures: {@code server_open_peak} (connections it held at once), {@code server_carriers},
     * {@code server_peak_rss_mb}, {@code server_threads_peak}, {@code server_cpu_ms}, and for
     * thread-per-task {@code server_thread_limit} when the machine refused a thread.
     */
    @Override
    public Map<String, Double> collect(TaskClock clock) {
        serverStats = server.stats();
        Map<String, Double> errors = ErrorKind.count(outcomes);
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(NetMetrics.ROUND_TRIPS.name(), connections - errors.get(ServerMetrics.REQUEST_ERRORS.name()));
        out.put(NetMetrics.HELD_AT_ONCE.name(), (double) wave);
        out.putAll(errors);
        out.putAll(ServerMetrics.figures(serverStats, NetMetrics.ECHO_SERVER));
        return out;
    }
}
