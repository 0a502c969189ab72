package dev.loomlab.load.capacity;

import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;

import java.time.Duration;

/**
 * Warms the generator itself before it loads a target: a closed-model load of {@link #USERS} users for
 * {@link #LENGTH} against a {@link NullServer} in this JVM, so that the JIT has compiled its hot path. A fresh
 * JVM otherwise sends its first seconds late: at 34,000/s against {@code serve jdk -p delay=10ms} a 2 s warm-up
 * of the target left p50 at 700 ms for the whole run (the backlog of the generator's own slow start), where a
 * warm generator measured 10 ms. The target sees none of it.
 */
public final class GeneratorWarmUp {
    static final Duration LENGTH = Duration.ofSeconds(2);
    static final int USERS = 16;

    private GeneratorWarmUp() {
    }

    /** Runs the warm-up against a null server it starts and stops. */
    public static void run() throws InterruptedException {
        try (NullServer server = NullServer.start()) {
            run(server);
        }
    }

    /** Runs the warm-up against {@code server}. */
    static void run(NullServer server) throws InterruptedException {
        new LoadGenerator(LoadSpec.closed(server.uri(), USERS, Duration.ZERO, LENGTH, Ramp.CONSTANT, Duration.ofSeconds(2), "ok"))
                .run();
    }
}
