package dev.loomlab.core.probe;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts the daemon threads loomlab itself needs inside a trial JVM (the sampler, the parent watch) and
 * counts them, so that the thread probes report the model's threads, not loomlab's.
 */
public final class HelperThreads {
    private static final AtomicInteger ALIVE = new AtomicInteger();

    private HelperThreads() {
    }

    /** Starts {@code body} on a new daemon platform thread named {@code name}. */
    public static Thread start(String name, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } finally {
                ALIVE.decrementAndGet();
            }
        }, name);
        t.setDaemon(true);
        ALIVE.incrementAndGet();
        t.start();
        return t;
    }

    /** loomlab's daemon threads alive now. */
    public static int alive() {
        return ALIVE.get();
    }
}
