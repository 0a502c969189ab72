package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.LoadGenerator;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The generator's own ceiling on this machine: the highest open-model rate it sustains against a
 * {@link NullServer} in this JVM — a target that costs next to nothing — found by the same search, judged by
 * {@link #OBJECTIVE} and keeping up with the offered rate; a rate passes when either of two runs does, since
 * the ceiling is what the generator can send. A capacity search tries no rate above it: beyond
 * it a failing step would say more about the generator than about the target. It is measured once per JVM: a
 * ceiling found is kept, and every later measurement in the same JVM (a second load session, a test) is that one.
 */
public final class GeneratorCeiling {
    /**
     * What the generator must achieve against a server that does nothing: answers well within 50 ms, none failing
     * (the server answers in microseconds; the limit leaves room for this machine's scheduling, not for a backlog).
     */
    public static final Slo OBJECTIVE = Slo.parse("p99<50ms,errors<0.1%");
    static final SearchPlan PLAN = new SearchPlan(OBJECTIVE, 8_000, 1_000, 0.10, Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofSeconds(2), true, false);
    /**
     * The most connections the generator opens against the null server. It answers in microseconds, so a few
     * connections carry any rate the generator can send; and client and server share this JVM's file descriptors.
     */
    static final int CONNECTIONS = 512;

    /**
     * The generator could not keep up even with the lowest rate of its own search against a server that does nothing:
     * this machine is too busy to measure on.
     */
    public static final class Unmeasured extends RuntimeException {
        public Unmeasured(CapacitySearch search) {
            super("the generator could not keep up even with " + (long) search.steps().getLast().ratePerS()
                    + "/s against a server that does nothing: this machine is too busy");
        }
    }

    /** The ceiling found in this JVM, once found; a search that found none is not kept (the machine may calm down). */
    private static CapacitySearch found;

    private GeneratorCeiling() {
    }

    /**
     * The ceiling: the one already found in this JVM, else measured now after a warm-up of the generator,
     * {@code onStep} told of each step (of none when it was found before). The search's
     * {@link CapacitySearch#maxRatePerS} is the ceiling; it found none when even {@link SearchPlan#minRatePerS} failed.
     */
    public static synchronized CapacitySearch measure(Consumer<CapacityStep> onStep) throws InterruptedException {
        if (found != null) {
            return found;
        }
        CapacitySearch search;
        try (NullServer server = NullServer.start()) {
            // The first step must not measure the JIT compiling the generator.
            GeneratorWarmUp.run(server);
            search = new CapacitySearcher(PLAN).search(
                    (rate, warmup, measured, timeout) -> LoadSpec.open(server.uri(), rate, CONNECTIONS, warmup,
                            measured, Ramp.CONSTANT, timeout, "ok"),
                    spec -> new LoadGenerator(spec).run(), LoadSpec.MAX_RATE, onStep).search();
        }
        if (search.found()) {
            found = search;
        }
        return search;
    }

    /** The ceiling already found in this JVM, if any: {@link #measure} would return it without a step. */
    public static synchronized Optional<CapacitySearch> measured() {
        return Optional.ofNullable(found);
    }
}
