package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloTerm;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.Ramp;

import java.time.Duration;

/**
 * The open model's connection pool when none is given, sized by the objective that judges the load: the most
 * requests in flight on average at the highest rate the load reaches while the objective holds. A term {@code pQ<L} that
 * holds keeps a share Q of the requests under L, and none stays longer than the timeout T, so a request's mean time
 * in flight is at most Q·L + (1 − Q)·T; every term holds, so the least of these bounds it, and by Little's law the
 * mean in flight is at most the rate times that. The pool is that, at least {@value #FEWEST} and at most
 * {@link LoadSpec#DEFAULT_CONNECTIONS}; an objective without a latency limit leaves
 * {@link LoadSpec#DEFAULT_CONNECTIONS}. Once it is full a request waits for a connection and its latency, measured
 * from its intended send, counts the wait — where an unbounded pool would open thousands of connections into a
 * server that stalled for a moment, and go on measuring the server's handling of that storm rather than the
 * service at the rate asked for.
 */
public final class SloPool {
    /** The smallest pool: a slow rate still gets room for bursts of its schedule. */
    static final int FEWEST = 100;

    private SloPool() {
    }

    /**
     * The pool for an open load whose highest rate is {@code peakRatePerS} requests per second, judged by {@code slo},
     * a request timing out after {@code timeout}.
     */
    public static int connections(double peakRatePerS, Slo slo, Duration timeout) {
        double t = timeout.toNanos() / 1e9;
        double meanInFlight = slo.terms().stream().filter(term -> term instanceof SloTerm.Latency)
                .map(term -> (SloTerm.Latency) term)
                .mapToDouble(term -> {
                    double q = StepJudge.percentile(term.name()) / 100;
                    return q * Math.min(t, term.limitNanos() / 1e9) + (1 - q) * t;
                })
                .min().orElse(Double.NaN);
        if (Double.isNaN(meanInFlight)) {
            return LoadSpec.DEFAULT_CONNECTIONS;
        }
        return (int) Math.clamp(Math.ceil(peakRatePerS * meanInFlight - 1e-9), FEWEST, LoadSpec.DEFAULT_CONNECTIONS);
    }

    /** The highest rate a load at {@code ratePerS} reaches over {@code durationNanos} measured under {@code ramp}. */
    public static double peakRate(double ratePerS, Ramp ramp, long durationNanos) {
        return ratePerS * ramp.factor(ramp.step(Math.max(0, durationNanos - 1)));
    }
}
