package dev.loomlab.net;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.server.ServerProcess;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Offer;
import dev.loomlab.core.workload.TaskWorkload;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Article 000 §1: {@code tasks} GET requests through one shared {@link HttpClient} (HTTP/1.1) against a
 * {@link TargetServer} this workload starts in its own JVM; the client completes exchanges on virtual
 * threads, whichever model calls it. Blocking models call {@code send}; a model of the async form calls
 * {@code sendAsync} and waits for none of them. A request that fails is
 * counted by kind ({@link ErrorKind}), not thrown: validation checks that every task ended and every
 * answer was a 200 with the full body.
 */
public final class HttpGetWorkload implements TaskWorkload {
    private final int tasks;
    private final long delayMs;
    private final int size;
    private final Duration timeout;
    private final URI fixedTarget;
    private final byte[] outcomes;
    private ServerProcess server;
    private ExecutorService clientExecutor;
    private HttpClient client;
    private HttpRequest request;
    private Map<String, Double> serverStats = Map.of();

    /**
     * @param delayMs how long the target waits before answering, ms
     * @param size    the answer's body, bytes
     * @param timeout how long one request may take before it counts as a timeout
     */
    public HttpGetWorkload(int tasks, long delayMs, int size, Duration timeout) {
        this(tasks, delayMs, size, timeout, null);
    }

    /** Against {@code target} instead of a server of its own (tests: servers that refuse or reset). */
    HttpGetWorkload(int tasks, long delayMs, int size, Duration timeout, URI target) {
        this.tasks = tasks;
        this.delayMs = delayMs;
        this.size = size;
        this.timeout = timeout;
        this.fixedTarget = target;
        this.outcomes = new byte[tasks];
    }

    /** Blocking models call {@code send}; the async form calls {@code sendAsync}, its future guarded by a deadline. */
    @Override
    public List<Offer<?>> offers() {
        return List.of(
                Offer.blocking(index -> {
                    try {
                        record(index, client.send(request, HttpResponse.BodyHandlers.ofByteArray()));
                    } catch (IOException e) {
                        outcomes[index] = (byte) ErrorKind.of(e).ordinal();
                    }
                }),
                Offer.async(index -> client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                        // Each request ends by its own timeout; this guards only against a client that loses one.
                        .orTimeout(timeout.toMillis() * 2 + 60_000, TimeUnit.MILLISECONDS)
                        .handle((response, failure) -> {
                            if (failure == null) {
                                record(index, response);
                            } else {
                                outcomes[index] = (byte) ErrorKind.of(failure).ordinal();
                            }
                            return null;
                        })));
    }

    @Override
    public int tasks() {
        return tasks;
    }

    @Override
    public void open(Model model) throws Exception {
        NetLimits.requireOpenFiles(Math.min(tasks, model.limit()), "http-get with " + tasks + " tasks");
        URI target = fixedTarget;
        if (target == null) {
            server = ServerProcess.start(TargetServer.class.getName(), List.of(),
                    List.of(Long.toString(delayMs), Integer.toString(size)), Duration.ofSeconds(60));
            target = URI.create("http://127.0.0.1:" + server.port() + "/get");
        }
        // The client's default executor, a cached platform pool, grows by a thread per exchange completing
        // at once and keeps them: measured at 10,000 requests, 1,100 → 1,900 threads over four iterations
        // and 3.3 → 4.8 s. Virtual threads complete exchanges with 11 threads in 1.1-2.0 s. Every model
        // uses this same client, so only the callers differ.
        clientExecutor = Executors.newVirtualThreadPerTaskExecutor();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .executor(clientExecutor).build();
        request = HttpRequest.newBuilder(target).timeout(timeout).GET().build();
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
        if (clientExecutor != null) {
            clientExecutor.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    public void prepare() {
        Arrays.fill(outcomes, (byte) ErrorKind.NONE.ordinal());
        if (server != null) {
            server.reset();
        }
    }

    private void record(int index, HttpResponse<byte[]> response) {
        ErrorKind kind = ErrorKind.NONE;
        if (response.statusCode() != 200) {
            kind = ErrorKind.STATUS;
        } else if (response.body().length != size) {
            kind = ErrorKind.CONTENT;
        }
        outcomes[index] = (byte) kind.ordinal();
    }

    /** Every task ended, none threw, and no answer came back sooner than the server's delay. */
    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        long delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMs);
        for (int i = 0; i < tasks; i++) {
            if (outcomes[i] == ErrorKind.NONE.ordinal() && clock.latencyNanos(i) < delayNanos) {
                throw new ValidationException("request " + i + " was answered in " + clock.latencyNanos(i)
                        + " ns, sooner than the server's delay of " + delayMs + " ms");
            }
        }
        Double served = serverStats.get(ServerMetrics.stat(ServerMetrics.SERVER_REQUESTS));
        long ok = tasks - ErrorKind.count(outcomes).get(ServerMetrics.REQUEST_ERRORS.name()).longValue();
        if (served != null && served < ok) {
            throw new ValidationException(ok + " requests succeeded but the server answered only " + served.longValue());
        }
    }

    /**
     * After the timed span: the server's counters, then {@code errors} and {@code errors_<kind>}, and from
     * the server {@code connections_opened} and {@code server_cpu_ms}.
     */
    @Override
    public Map<String, Double> collect(TaskClock clock) {
        serverStats = server == null ? Map.of() : server.stats();
        Map<String, Double> out = new LinkedHashMap<>(ErrorKind.count(outcomes));
        if (serverStats.containsKey(ConnectionCounters.CONNECTIONS)) {
            out.put(ServerMetrics.CONNECTIONS_OPENED.name(), serverStats.get(ConnectionCounters.CONNECTIONS));
        }
        out.putAll(ServerMetrics.figures(serverStats, NetMetrics.HTTP_GET_SERVER));
        return out;
    }
}
