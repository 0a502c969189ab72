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
    /**
     * An open-model {@code load} at this rate or more (requests per second) warms its generator with the search
     * for the generator's ceiling ({@link GeneratorCeiling}) instead: where the generator takes a share of the
     * cores a target on the same machine needs, its state counts. Against {@code serve jdk -p delay=10ms} at
     * 36,000/s on two shared cores, runs whose generator had measured its ceiling measured a p99 of 24, 55 and
     * 22 ms, the generator using 0.52–0.59 of a core; runs warmed for 3 s (a closed second, then 2 s open)
     * measured 60 and 161 ms and one collapsed (p50 434 ms), the generator using 0.60–0.74. The steps of a
     * search, whose generator had measured its ceiling, passed 36,000–44,000/s. Below this rate the generator's
     * share of a core is small, and the 20 s or so a ceiling search takes would be most of a short run.
     */
    public static final double CEILING_FROM_RATE = 5_000;
    /** A fixed rate at this share of the generator's ceiling or more is warned of. */
    public static final double NEAR_CEILING = CapacitySearcher.NEAR_CEILING;
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
