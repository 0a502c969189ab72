package dev.loomlab.load.capacity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Waits, after a step that overloaded the target, until the target answers one request within a limit again:
 * a server may still be working off the requests queued during the overload (a thread pool's queue holds
 * them after the generator has given up on them), and a step started meanwhile would measure that backlog
 * instead of its own rate. One request at a time, a quarter of a second apart, for at most {@code patience}.
 */
public final class Recovery {
    private static final Duration PAUSE = Duration.ofMillis(250);

    private final URI url;
    private final Duration limit;
    private final Duration patience;

    /**
     * @param limit    an answer within this means the target has recovered (the objective's tightest latency)
     * @param patience the longest wait; after it the next step runs whatever the target does
     */
    public Recovery(URI url, Duration limit, Duration patience) {
        this.url = url;
        this.limit = limit;
        this.patience = patience;
    }

    /** Waits until one request is answered within the limit; returns how long it waited, or null when it gave up. */
    public Duration await() throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + patience.toNanos();
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(limit).build()) {
            while (System.nanoTime() < deadline) {
                long sent = System.nanoTime();
                try {
                    client.send(HttpRequest.newBuilder(url).timeout(limit).GET().build(), HttpResponse.BodyHandlers.discarding());
                    if (System.nanoTime() - sent <= limit.toNanos()) {
                        return Duration.ofNanos(System.nanoTime() - start);
                    }
                } catch (IOException busy) {
                    // refused, reset or too slow: not recovered yet
                }
                Thread.sleep(PAUSE);
            }
        }
        return null;
    }
}
