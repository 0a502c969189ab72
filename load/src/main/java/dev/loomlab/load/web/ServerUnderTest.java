package dev.loomlab.load.web;

import dev.loomlab.core.cpu.CpuAffinity;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.model.ModelFailure;
import dev.loomlab.core.server.BlockedThreads;
import dev.loomlab.core.server.EndpointSpec;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.server.ServerProcess;
import dev.loomlab.core.model.ServingThread;

import java.util.Optional;
import java.nio.file.Path;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One server of a {@link ServerModel} running in a JVM of its own, on its own class path, listening on
 * 127.0.0.1 (or the address {@code loomlab serve --bind} gives): started, checked to answer {@code ok}
 * from the kind of thread its model promises, and stopped with {@link #close}. A server found dead when
 * asked for its counters has crashed under the load: the server is the model of the web scenario, so that
 * is a {@link ModelFailure} and the result is {@code failed}, naming its exit code.
 */
public final class ServerUnderTest implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final List<String> JVM_ARGS = List.of("-XX:+ExitOnOutOfMemoryError");
    /** The exit code of a JVM that {@code -XX:+ExitOnOutOfMemoryError} ended. */
    static final int OUT_OF_MEMORY = 3;

    private final ServerModel model;
    private final InetAddress bind;
    private final ServerProcess process;

    private ServerUnderTest(ServerModel model, InetAddress bind, ServerProcess process) {
        this.model = model;
        this.bind = bind;
        this.process = process;
    }

    /**
     * Starts {@code model}'s server answering after {@code delayMs} by default, on 127.0.0.1 and
     * {@code port} (0: any).
     *
     * @throws IOException when it does not start; the message carries its last output lines
     */
    public static ServerUnderTest start(ServerModel model, long delayMs, int port) throws IOException, InterruptedException {
        return start(model, delayMs, EndpointSpec.DEFAULT, ServerArgs.LOOPBACK, port);
    }

    /** As {@link #start(ServerModel, long, int)}, answering with {@code endpoint}. */
    public static ServerUnderTest start(ServerModel model, long delayMs, EndpointSpec endpoint, int port)
            throws IOException, InterruptedException {
        return start(model, delayMs, endpoint, ServerArgs.LOOPBACK, port);
    }

    /** As {@link #start(ServerModel, long, int)}, listening on {@code bind}. */
    public static ServerUnderTest start(ServerModel model, long delayMs, InetAddress bind, int port)
            throws IOException, InterruptedException {
        return start(model, delayMs, EndpointSpec.DEFAULT, bind, port);
    }

    /** As {@link #start(ServerModel, long, int)}, answering with {@code endpoint} and listening on {@code bind}. */
    public static ServerUnderTest start(ServerModel model, long delayMs, EndpointSpec endpoint, InetAddress bind, int port)
            throws IOException, InterruptedException {
        return start(model, delayMs, endpoint, bind, port, null);
    }

    /**
     * As {@link #start(ServerModel, long, EndpointSpec, InetAddress, int)}, the server's JVM started on {@code cpus}
     * (checked by the caller with {@link dev.loomlab.core.cpu.Taskset#require}); null: on this JVM's CPUs.
     *
     * @throws IOException also when the server runs on other CPUs than {@code cpus}, as {@code /proc} shows them
     */
    public static ServerUnderTest start(ServerModel model, long delayMs, EndpointSpec endpoint, InetAddress bind, int port,
                                        CpuList cpus) throws IOException, InterruptedException {
        return start(model, delayMs, endpoint, bind, port, cpus, 0, false);
    }

    /**
     * As {@link #start(ServerModel, long, EndpointSpec, int)}, the server counting the blocks of its threads that must
     * not block ({@link BlockedThreads}, {@code blocked_events} in its stats) when {@code watchBlocks}.
     */
    public static ServerUnderTest start(ServerModel model, long delayMs, EndpointSpec endpoint, int port, boolean watchBlocks)
            throws IOException, InterruptedException {
        return start(model, delayMs, endpoint, ServerArgs.LOOPBACK, port, null, 0, watchBlocks);
    }

    /**
     * As {@link #start(ServerModel, long, EndpointSpec, InetAddress, int, CpuList)}, the server's heap at most
     * {@code heapBytes} ({@code -Xmx}; 0: the JVM's default), counting the blocks of its threads that must not block when
     * {@code watchBlocks} (a JFR stream in the server: half a second of CPU at its start). A server that runs out of heap
     * exits ({@link #OUT_OF_MEMORY}).
     */
    public static ServerUnderTest start(ServerModel model, long delayMs, EndpointSpec endpoint, InetAddress bind, int port,
                                        CpuList cpus, long heapBytes, boolean watchBlocks)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(model.modeArgs());
        args.add(delayMs + "ms");
        args.add(Integer.toString(port));
        args.add(bind.getHostAddress());
        // Article 004's sleep is started exactly as before: no endpoint words.
        if (!endpoint.equals(EndpointSpec.DEFAULT)) {
            args.addAll(endpoint.words());
        }
        List<String> jvmArgs = new ArrayList<>(JVM_ARGS);
        if (heapBytes > 0) {
            jvmArgs.add("-Xmx" + heapBytes);
        }
        if (watchBlocks) {
            jvmArgs.add("-D" + BlockedThreads.PROPERTY + "=true");
        }
        ServerProcess process = ServerProcess.start(model.mainClass(), ServerHome.classPath(model.server()), jvmArgs, args,
                READY_TIMEOUT, cpus);
        Optional<CpuList> runsOn = CpuAffinity.of(process.pid());
        if (cpus != null && runsOn.isPresent() && !runsOn.get().equals(cpus)) {
            process.close();
            throw new IOException(model.name() + " (pid " + process.pid() + ") runs on CPUs " + runsOn.get() + ", not on the "
                    + cpus + " it was started on");
        }
        return new ServerUnderTest(model, bind, process);
    }

    /** The CPUs the server's JVM may run on, as {@code /proc} shows them; empty off Linux. */
    public Optional<CpuList> cpus() {
        return CpuAffinity.of(process.pid());
    }

    /**
     * {@code http://ADDRESS:PORT/get}, optionally with a {@code delay} query: the address listened on, or
     * 127.0.0.1 when that is every address of the machine.
     */
    public URI uri(String delayQuery) {
        InetAddress host = bind.isAnyLocalAddress() ? ServerArgs.LOOPBACK : bind;
        String literal = host instanceof Inet6Address ? "[" + host.getHostAddress() + "]" : host.getHostAddress();
        return URI.create("http://" + literal + ":" + process.port() + ServerArgs.PATH
                + (delayQuery == null ? "" : "?delay=" + delayQuery));
    }

    /** The address the server listens on. */
    public InetAddress bind() {
        return bind;
    }

    public ServerModel model() {
        return model;
    }

    public long pid() {
        return process.pid();
    }

    /** The server JVM's GC log ({@link ServerProcess#gcLog}). */
    public Optional<Path> gcLog() {
        return process.gcLog();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Whether the server has exited because its heap ran out. */
    public boolean diedOfMemory() {
        return process.exitCode().orElse(-1) == OUT_OF_MEMORY;
    }

    /**
     * Sends one request and checks the answer: 200, {@code ok}, and the serving-thread header the model
     * promises; returns the kind named.
     *
     * @throws IOException naming what is wrong
     */
    public ServingThread verify() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        try {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri("0ms")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !ServerArgs.BODY.equals(r.body())) {
                throw new IOException(model.name() + " answered " + r.statusCode() + " '" + r.body() + "' instead of 200 'ok'");
            }
            String header = r.headers().firstValue(ServingThread.HEADER).orElse(null);
            ServingThread kind = ServingThread.ofHeader(header).orElseThrow(() -> new IOException(
                    model.name() + " did not name its serving thread (" + ServingThread.HEADER + ": " + header + ")"));
            if (kind != model.promise()) {
                throw new IOException(model.name() + " served from a " + kind.header() + " thread but promises "
                        + model.promise().header());
            }
            return kind;
        } finally {
            client.close();
        }
    }

    /**
     * The server's counters since the last {@link #reset}: {@code requests}, {@code peak_rss_mb}, {@code threads_peak},
     * {@code cpu_ms}, {@code cache_entries} (the memory endpoint's retained users, never reset) and {@code db_calls} (the db
     * endpoints' completed database calls).
     *
     * @throws ModelFailure when the server has exited
     */
    public Map<String, Double> stats() {
        return whileAlive(process::stats);
    }

    /**
     * See {@link ServerProcess#reset}.
     *
     * @throws ModelFailure when the server has exited
     */
    public void reset() {
        whileAlive(() -> {
            process.reset();
            return null;
        });
    }

    private <T> T whileAlive(Supplier<T> ask) {
        try {
            return ask.get();
        } catch (UncheckedIOException e) {
            if (process.isAlive()) {
                throw e;
            }
            // The cause says what the server's pipe did (and its last lines); the exit code comes from the process.
            String said = e.getCause().getMessage();
            String code = "the server exited with code " + process.exitCode().orElse(-1);
            throw new ModelFailure("crash: server " + model.name() + " (pid " + pid() + ") died under load: "
                    + (said != null && said.startsWith(code) ? said : code + "; " + said));
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
