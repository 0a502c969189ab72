package dev.loomlab.load.web;

import dev.loomlab.core.slo.Slo;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * Ends a server's warm-up only once its JIT compilers are quiet. The warm-up's last {@link #SLICE} (half of it when
 * shorter) is watched through the server's own compile time; while that took more than {@link #QUIET} of a slice's
 * wall time, another slice of the same load follows, up to {@code limit} in all. A large framework (WebFlux on Reactor
 * Netty, on two busy cores) compiles for half a minute of load and more, and until it is done its requests run in
 * code that is not yet optimised: a measurement then reads the JIT, not the server.
 */
final class JitSettle {
    /** How long a watched slice of warm-up load lasts. */
    static final Duration SLICE = Duration.ofSeconds(5);
    /** The share of a slice's wall time below which the compilers count as quiet. */
    static final double QUIET = 0.10;

    /** Runs warm-up load for a time; returns the span it measured (without connecting and draining). */
    @FunctionalInterface
    interface Load {
        Duration run(Duration d) throws InterruptedException;
    }

    /**
     * How a warm-up ended.
     *
     * @param extra     the warm-up added to the one asked for
     * @param jitShare  the compilers' time over the last slice's wall time; empty when the server does not tell it
     * @param quiet     whether it ended with the compilers quiet (or unknown); false: the limit ended it
     */
    record Outcome(Duration extra, OptionalDouble jitShare, boolean quiet) {
        /** In words, for the trial log. */
        String line() {
            if (jitShare.isEmpty()) {
                return "the server does not tell its JIT compile time: warm-up not extended";
            }
            String share = "its JIT compiled " + Slo.figure(100 * jitShare.getAsDouble()) + "% of the last slice";
            String more = extra.isZero() ? "" : " after " + extra.toSeconds() + " s more warm-up";
            return quiet ? "warmed" + more + ": " + share : "still compiling" + more + " (the settle limit): " + share
                    + "; the first iterations may be slower than the rest";
        }
    }

    private JitSettle() {
    }

    /**
     * Warms for {@code warmup}, then on while the compilers are busy, at most {@code limit} more.
     *
     * @param jitMs the server's compile time so far, ms, or null when it does not tell
     */
    static Outcome warm(Duration warmup, Duration limit, Load load, Supplier<Double> jitMs) throws InterruptedException {
        if (limit.isZero()) {
            load.run(warmup);
            return new Outcome(Duration.ZERO, OptionalDouble.empty(), true);
        }
        Duration slice = warmup.dividedBy(2).compareTo(SLICE) < 0 ? warmup.dividedBy(2) : SLICE;
        load.run(warmup.minus(slice));
        OptionalDouble share = watched(slice, load, jitMs);
        Duration extra = Duration.ZERO;
        while (share.isPresent() && share.getAsDouble() > QUIET && extra.compareTo(limit) < 0) {
            Duration next = limit.minus(extra).compareTo(SLICE) < 0 ? limit.minus(extra) : SLICE;
            share = watched(next, load, jitMs);
            extra = extra.plus(next);
        }
        return new Outcome(extra, share, share.isEmpty() || share.getAsDouble() <= QUIET);
    }

    /**
     * Runs {@code d} of load; the compilers' time over the span the load measured (connecting thousands of users takes
     * seconds, which would thin the share out), else over its wall time.
     */
    private static OptionalDouble watched(Duration d, Load load, Supplier<Double> jitMs) throws InterruptedException {
        Double before = jitMs.get();
        long start = System.nanoTime();
        Duration measured = load.run(d);
        double wallMs = measured != null && !measured.isZero() ? measured.toNanos() / 1e6 : (System.nanoTime() - start) / 1e6;
        Double after = jitMs.get();
        return before == null || after == null || wallMs <= 0 ? OptionalDouble.empty()
                : OptionalDouble.of(Math.max(0, after - before) / wallMs);
    }
}
