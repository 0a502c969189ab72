package dev.loomlab.examples;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pinning trap of JDK 21: blocking I/O inside {@code synchronized}. Each call takes one of 1,024
 * monitors (so calls seldom wait for each other) and sends a blocking GET while holding it. On JDK 21 a
 * virtual thread blocked inside a monitor pins its carrier, so at most as many calls run at once as there
 * are carriers; from JDK 24 on (JEP 491) it unmounts and the calls overlap. Same parameters as
 * {@link HttpGetTask}.
 */
public final class SynchronizedHttpTask implements Callable<Integer>, AutoCloseable {
    private final Object[] monitors = new Object[1024];
    private final AtomicInteger next = new AtomicInteger();
    private final HttpGetTask get;

    public SynchronizedHttpTask(Map<String, String> params) throws IOException {
        for (int i = 0; i < monitors.length; i++) {
            monitors[i] = new Object();
        }
        get = new HttpGetTask(params);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        synchronized (monitors[Math.floorMod(next.getAndIncrement(), monitors.length)]) {
            return sendWhileHoldingTheMonitor();
        }
    }

    /** The blocking call, a frame of its own so that a pinned stack names it. */
    private Integer sendWhileHoldingTheMonitor() throws IOException, InterruptedException {
        return get.call();
    }

    @Override
    public void close() {
        get.close();
    }
}
