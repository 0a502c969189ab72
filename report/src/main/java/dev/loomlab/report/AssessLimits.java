package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.report.analysis.Metrics;

import java.util.Map;
import java.util.Optional;

/**
 * What caps an arm of an assessment and the setting that moves it, from its capacity search's knee ({@link KneeCause})
 * and Little's law (in use = rate × time held): a pool that ran out is given the size a target rate needs, callers piling
 * up behind a connection pool are given the bound to put before it, a saturated CPU is said to be moved by no pool.
 * Each piece of advice cites the figures it rests on. The target rate is twice the arm's capacity unless the caller names
 * a higher one (another arm's capacity).
 */
final class AssessLimits {
    /** Callers waiting per connection at the knee beyond which waiting is unbounded, not a pool briefly full. */
    static final double PILED_UP_PER_CONNECTION = 1.0;
    /**
     * How far above the rate at which it filled (the first failing step's) Little's law may put a pool's own cap before
     * the pool is not what binds: it filled because its hold time grew at the knee, not because the rate outgrew it.
     */
    static final double NOT_THE_POOL = 1.25;

    private AssessLimits() {
    }

    /**
     * The cap of the arm whose capacity search is {@code search}, with its advice; empty when its knee is not known.
     * {@code boundedThreads}: its requests run on a bounded pool (Tomcat's), which bounds what waits behind it.
     */
    static Optional<String> advice(Result search, double targetPerS, boolean boundedThreads) {
        Optional<KneeCause> knee = search.section(KneeCause.SECTION);
        Summary max = search.metrics().get(LoadMetrics.MAX_RATE_PER_S.name()) == null ? null
                : Metrics.summary(search, LoadMetrics.MAX_RATE_PER_S.name());
        if (knee.isEmpty() || max == null || !(max.median() > 0)) {
            return Optional.empty();
        }
        KneeCause k = knee.get();
        double capacity = max.median();
        double target = Math.max(targetPerS, 2 * capacity);
        Map<String, Object> e = k.evidence();
        return Optional.ofNullable(switch (k.cause()) {
            case KneeCause.CONNECTION_POOL -> pool(e, capacity, target, boundedThreads);
            case KneeCause.THREAD_POOL -> sized(THREADS, e, capacity, target);
            case KneeCause.SERVICE_CPU -> "its CPU: no pool size moves it; less work a request, or more cores";
            case KneeCause.GC -> "its garbage collector's pauses: a larger heap or less allocation a request";
            case KneeCause.CONNECTIONS -> "connections refused or reset: the accept queue (server.tomcat.accept-count),"
                    + " max connections or the open-file limit (ulimit -n)";
            case KneeCause.GENERATOR -> "the load generator, not the service: its capacity is higher than measured here";
            default -> null;
        });
    }

    /**
     * A pool of the service: its evidence keys, and how its advice reads ({@code %s} the size a target needs).
     *
     * @param what    {@code connections}, {@code threads}
     * @param each    {@code call}, {@code request}
     * @param needs   what a target needs, e.g. {@code a pool of %s (spring.datasource.hikari.maximum-pool-size)}
     */
    private record Pool(String maxKey, String inUseKey, String title, String what, String each, String caps, String needs) {
    }

    private static final Pool CONNECTIONS = new Pool("pool_max", "pool_active", "the connection pool", "connections", "call",
            "caps", "a pool of %s (spring.datasource.hikari.maximum-pool-size) if the database serves that many at once");
    private static final Pool THREADS = new Pool("threads_max", "threads_busy", "the request threads", "threads", "request",
            "cap", "%s threads (server.tomcat.threads.max), or virtual threads, which have no such pool");

    /**
     * A pool that ran out: each request's hold time by Little's law, the cap that gives, and the size {@code target}
     * needs; or that the pool is not what binds. Null without the pool's size.
     */
    private static String sized(Pool pool, Map<String, Object> e, double capacity, double target) {
        Double max = number(e, pool.maxKey());
        if (max == null) {
            return null;
        }
        Held held = held(e, pool.inUseKey(), max, capacity);
        // The knee lies between the last passing and the first failing rate, up to the search's precision apart: the
        // pool binds unless its cap clears the failing rate, where it filled, by the margin.
        Double failing = number(e, "rate_per_s");
        double filledAt = failing != null && failing > capacity ? failing : capacity;
        if (max / held.seconds() > NOT_THE_POOL * filledAt) {
            return notThePool(pool.what(), max, held, filledAt);
        }
        long needed = (long) Math.ceil(target * held.seconds());
        return pool.title() + ": " + Slo.figure(max) + " " + pool.what() + " ÷ " + Slo.figure(1000 * held.seconds()) + " ms a "
                + pool.each() + " (Little's law: " + held.how() + ") " + pool.caps() + " it at "
                + Slo.figure(max / held.seconds()) + "/s; " + Slo.figure(target) + "/s needs "
                + pool.needs().formatted(needed);
    }

    /** A connection pool that ran out, sized ({@link #sized}), and a bound before it when callers pile up unbounded. */
    private static String pool(Map<String, Object> e, double capacity, double target, boolean boundedThreads) {
        String out = sized(CONNECTIONS, e, capacity, target);
        Double max = number(e, CONNECTIONS.maxKey());
        Double pending = number(e, "pool_pending");
        Double before = number(e, "passing_pool_pending");
        if (out != null && !boundedThreads && pending != null && pending >= PILED_UP_PER_CONNECTION * max) {
            out += "; nothing bounds the requests in front of the pool: " + (before == null ? ""
                    : Slo.figure(before) + " waited for a connection at the last passing rate, ") + Slo.figure(pending)
                    + " at the knee, for the same throughput — put a Semaphore of " + Slo.figure(max)
                    + " permits (or a bulkhead) before it, so that a request past it fails fast instead of waiting to time out";
        }
        return out;
    }

    /**
     * A pool that filled only at the knee, where each request held one far longer than at the last passing rate:
     * something behind it (a lock, a downstream, the CPU) slowed, and a larger pool would not move the capacity.
     */
    private static String notThePool(String what, double max, Held held, double filledAt) {
        return "not the pool's size: its " + Slo.figure(max) + " " + what + " would carry " + Slo.figure(max / held.seconds())
                + "/s at " + Slo.figure(1000 * held.seconds()) + " ms a request (" + held.how() + "), yet filled at "
                + Slo.figure(filledAt) + "/s: requests held them longer at the knee, waiting on something behind them (a"
                + " lock, a downstream call, the CPU); a larger pool would not move it";
    }

    /** How long each request holds one of the pool's {@code inUse}, s, and the figures that tell it. */
    private record Held(double seconds, String how) {
    }

    /**
     * Little's law at the last passing step, where the pool still kept up: in use ÷ rate; without that step's figures,
     * the pool's size ÷ the capacity (it ran out there, so it was all in use).
     */
    private static Held held(Map<String, Object> e, String inUse, double max, double capacity) {
        Double passing = number(e, "passing_" + inUse);
        Double rate = number(e, "passing_rate_per_s");
        if (passing != null && rate != null && passing > 0 && rate > 0) {
            return new Held(passing / rate, Slo.figure(passing) + " in use ÷ " + Slo.figure(rate) + "/s, the last rate"
                    + " that passed");
        }
        return new Held(max / capacity, Slo.figure(max) + " in use ÷ " + Slo.figure(capacity) + "/s");
    }

    private static Double number(Map<String, Object> e, String key) {
        return e.get(key) instanceof Number n ? n.doubleValue() : null;
    }
}
