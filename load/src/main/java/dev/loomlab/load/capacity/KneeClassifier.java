package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.GeneratorValidity;
import dev.loomlab.load.service.ServiceFigures;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Names what ran out at a capacity search's knee, from the figures read at its first failing step and its last passing
 * one ({@link CapacityStep#service}, the generator's lateness and CPU, errors by kind). The generator is judged first:
 * a step it could not keep is no knee of the service's. Then each of the service's resources that was at its limit at
 * the failing step ({@link #THREADS_BUSY_SHARE}, a full connection pool with callers waiting, {@link #CPU_SHARE},
 * {@link #GC_PAUSE_SHARE}); where several were, the one nearest its limit at the last passing step ran out first — the
 * others filled behind it, as a pool of threads fills while a saturated CPU lengthens every request; without a passing
 * step's figures, in that order. Then the generator's own connections, all in use ({@link #QUEUED_SHARE}); then
 * connections refused or reset ({@link #CONNECTION_ERRORS_SHARE}); else {@code unexplained}.
 */
public final class KneeClassifier {
    /**
     * A request thread pool ran out when its busy threads were at least this share of its maximum at the failing step
     * (the median of the step's readings): readings are instants, and a pool at its limit shows a thread or two
     * between requests now and then; below it the pool had threads to spare most of the time.
     */
    public static final double THREADS_BUSY_SHARE = 0.95;
    /**
     * The service's CPU ran out when it used at least this share of the cores it may run on over the failing step, or
     * those cores were that busy whoever used them: above it, the time slices the scheduler gives its threads are the
     * queue, and a JVM's own collector and compiler threads take the rest.
     */
    public static final double CPU_SHARE = 0.90;
    /**
     * The share of a database pool's connections in use, callers waiting, at which it ran out: a real pool (HikariCP)
     * shows a connection or so on its way back to the next caller at any instant, though none is free to take. As many
     * callers waiting as the pool has connections also say it ran out, whatever one reading of its in-use count showed
     * (7 of 10 in use beside 44 waiting, read mid-handoff, was seen): the pool is then the queue.
     */
    public static final double POOL_ACTIVE_SHARE = 0.90;
    /**
     * The service's cores busy with every process on them count as its CPU running out only when the service's own use was
     * at least this part of that busy time: a service that asks for CPU gets a fair part of busy cores from the scheduler,
     * while one that used a sliver of cores other work kept busy (3% of cores 99% busy, behind a full connection pool)
     * was not asking for more.
     */
    public static final double OWN_PART_OF_BUSY = 1.0 / 3;
    /**
     * The garbage collector is the knee when its stop-the-world pauses took at least this share of the failing step: a
     * service that stops a tenth of the time answers that much less, and every pause lifts the tail of every request
     * in flight across it.
     */
    public static final double GC_PAUSE_SHARE = 0.10;
    /**
     * Connections are the knee when requests that could not connect or were reset make up at least this share of the
     * failing step's requests: on this machine's loopback a connection neither fails to open nor breaks by chance, so
     * that share is a limit reached (an accept queue, the service's or this machine's open files); it is also the
     * default objective's error limit.
     */
    public static final double CONNECTION_ERRORS_SHARE = 0.01;

    /**
     * The generator's own connections are the knee when requests that waited for one of them make up at least this share
     * of the failing step's requests, nothing read of the service was at its limit, and the service did not slow down
     * ({@link #NOT_SLOWED}): what held the requests in flight down was the load's connection limit, not the service. A
     * service at its limit fills every connection too, which is why its resources are judged before.
     */
    public static final double QUEUED_SHARE = 0.01;
    /**
     * The generator's connections are named only where the target itself did not slow down: its median latency from the
     * actual send at the failing step at most this factor of the last passing step's. A target past its own knee queues requests in front of its own threads, and
     * that wait counts from the actual send; a target held back only by the generator's connections answers each request
     * it is sent as fast as below its knee.
     */
    public static final double NOT_SLOWED = 1.5;

    private final Slo slo;

    public KneeClassifier(Slo slo) {
        this.slo = slo;
    }

    /**
     * The knee of a search that ran {@code steps}.
     *
     * @param passing        the highest offered rate that passed; null when none did
     * @param failing        the lowest offered rate that failed above it; null when none did
     * @param stoppedAt      the invalid step that stopped the search; null when none did
     * @param generatorBound true when the search claims no maximum: no rate failed below the generator's ceiling
     * @param ceiling        the generator's ceiling, requests per second; null when not measured
     */
    public KneeCause classify(List<CapacityStep> steps, Double passing, Double failing, CapacityStep stoppedAt,
                              boolean generatorBound, Double ceiling) {
        CapacityStep pass = latest(steps, passing, true);
        CapacityStep fail = latest(steps, failing, false);
        if (stoppedAt != null) {
            return generator(stoppedAt, "the search stopped at " + rate(stoppedAt.ratePerS()) + ": ");
        }
        if (fail == null) {
            if (pass == null) {
                return new KneeCause(KneeCause.UNEXPLAINED, "no step was measured", Map.of());
            }
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("highest_passing_per_s", round(pass.ratePerS()));
            if (ceiling != null) {
                e.put("generator_ceiling_per_s", round(ceiling));
            }
            return new KneeCause(KneeCause.GENERATOR, "every rate passed up to " + rate(pass.ratePerS())
                    + (ceiling == null ? "" : ", the generator's ceiling being " + rate(ceiling))
                    + ": the generator reached its own limit before the service", e);
        }
        if (generatorLate(fail) || generatorBusy(fail) || generatorBound) {
            return generator(fail, "");
        }
        List<Resource> full = new ArrayList<>();
        for (Resource r : RESOURCES) {
            if (fail.service() != null && r.full(fail.service())) {
                full.add(r);
            }
        }
        if (!full.isEmpty()) {
            ServiceFigures before = pass == null ? null : pass.service();
            // Stable: a resource whose nearness at the passing step is unknown keeps its place in RESOURCES.
            Resource first = full.stream().max(Comparator.comparingDouble(r -> before == null ? 0 : r.nearness(before)))
                    .filter(r -> before != null && r.nearness(before) > 0).orElse(full.getFirst());
            return first.cause(fail, pass);
        }
        return generatorConnections(fail, pass).or(() -> refused(fail)).orElseGet(() -> unexplained(fail));
    }

    /** The generator's own connections, all in use while the service answered as fast ({@link #QUEUED_SHARE}). */
    private static Optional<KneeCause> generatorConnections(CapacityStep fail, CapacityStep pass) {
        if (fail.requests() == 0 || fail.queuedRequests() < QUEUED_SHARE * fail.requests() || pass == null
                || pass.p50FromSendMs() == null || fail.p50FromSendMs() == null
                || fail.p50FromSendMs() > NOT_SLOWED * pass.p50FromSendMs()) {
            return Optional.empty();
        }
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("rate_per_s", round(fail.ratePerS()));
        e.put("connections", fail.connections());
        e.put("queued_requests", fail.queuedRequests());
        e.put("requests", fail.requests());
        e.put("queued_pct", round(100.0 * fail.queuedRequests() / fail.requests()));
        e.put("threshold_pct", round(100 * QUEUED_SHARE));
        e.put("p50_from_send_ms", round(fail.p50FromSendMs()));
        e.put("passing_p50_from_send_ms", round(pass.p50FromSendMs()));
        return Optional.of(new KneeCause(KneeCause.GENERATOR, String.format(Locale.ROOT, "the generator's %,d connections were"
                + " all in use: %,d of %,d requests waited for one at %s (the load's connection limit, not the service's)",
                fail.connections(), fail.queuedRequests(), fail.requests(), rate(fail.ratePerS())), e));
    }

    /** Connections refused or reset ({@link #CONNECTION_ERRORS_SHARE}). */
    private static Optional<KneeCause> refused(CapacityStep fail) {
        long refused = fail.errorKinds().getOrDefault("connect", 0L) + fail.errorKinds().getOrDefault("reset", 0L);
        if (fail.requests() == 0 || refused < CONNECTION_ERRORS_SHARE * fail.requests()) {
            return Optional.empty();
        }
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("rate_per_s", round(fail.ratePerS()));
        e.put("requests", fail.requests());
        e.put("errors_connect", fail.errorKinds().getOrDefault("connect", 0L));
        e.put("errors_reset", fail.errorKinds().getOrDefault("reset", 0L));
        e.put("refused_or_reset_pct", round(100.0 * refused / fail.requests()));
        e.put("threshold_pct", round(100 * CONNECTION_ERRORS_SHARE));
        return Optional.of(new KneeCause(KneeCause.CONNECTIONS, String.format(Locale.ROOT, "%,d of %,d requests could not"
                + " connect or were reset at %s (an accept queue, or a connection or open-file limit)", refused, fail.requests(),
                rate(fail.ratePerS())), e));
    }

    /** Nothing read at its limit, saying what was read; or that nothing was. */
    private static KneeCause unexplained(CapacityStep fail) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("rate_per_s", round(fail.ratePerS()));
        if (fail.service() == null) {
            return new KneeCause(KneeCause.UNEXPLAINED, "nothing was read of the service at " + rate(fail.ratePerS())
                    + " (its metrics endpoint, or its process on this machine, tells what ran out)", e);
        }
        e.put("service", fail.service());
        String read = fail.service().line();
        return new KneeCause(KneeCause.UNEXPLAINED, "no figure read of the service was at its limit at " + rate(fail.ratePerS())
                + (read.isEmpty() ? "" : " (" + read + ")"), e);
    }

    /** The generator as the knee, from what {@code step} read of it; {@code prefix} starts the text. */
    private KneeCause generator(CapacityStep step, String prefix) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("rate_per_s", round(step.ratePerS()));
        OptionalDouble limit = GeneratorValidity.tightestLatencyMs(slo);
        if (step.generatorLagP99Ms() != null) {
            e.put("generator_lag_p99_ms", round(step.generatorLagP99Ms()));
        }
        limit.ifPresent(l -> e.put("latency_limit_ms", round(l)));
        e.put("lag_threshold_pct", round(100 * GeneratorValidity.LAG_SHARE));
        if (step.generatorCpuPct() != null) {
            e.put("generator_cpu_pct", round(step.generatorCpuPct()));
        }
        e.put("cpu_threshold_pct", round(100 * GeneratorValidity.CPU_SHARE));
        String why;
        if (generatorLate(step)) {
            why = "it sent " + figure(step.generatorLagP99Ms()) + " ms late (p99) at " + rate(step.ratePerS()) + ", ≥ "
                    + figure(100 * GeneratorValidity.LAG_SHARE) + "% of the " + figure(limit.getAsDouble()) + " ms latency limit";
        } else if (generatorBusy(step)) {
            why = "it used " + figure(step.generatorCpuPct()) + "% of its cores at " + rate(step.ratePerS());
        } else {
            why = "the service failed at " + rate(step.ratePerS()) + " within 10% of the generator's ceiling, where the"
                    + " generator's own lateness can explain it (it sent "
                    + (step.generatorLagP99Ms() == null ? "?" : figure(step.generatorLagP99Ms())) + " ms late, p99)";
        }
        return new KneeCause(KneeCause.GENERATOR, prefix + why + ": the step measured the generator, not the service", e);
    }

    private boolean generatorLate(CapacityStep step) {
        OptionalDouble limit = GeneratorValidity.tightestLatencyMs(slo);
        return step.generatorLagP99Ms() != null && limit.isPresent()
                && step.generatorLagP99Ms() >= GeneratorValidity.LAG_SHARE * limit.getAsDouble();
    }

    private static boolean generatorBusy(CapacityStep step) {
        return step.generatorCpuPct() != null && step.generatorCpuPct() >= 100 * GeneratorValidity.CPU_SHARE;
    }

    /** The latest step at {@code rate} that passed ({@code passed}) or failed (and was judged); null when none. */
    private static CapacityStep latest(List<CapacityStep> steps, Double rate, boolean passed) {
        if (rate == null) {
            return null;
        }
        return steps.stream().filter(s -> s.ratePerS() == rate && s.passed() == passed && s.judged())
                .reduce((a, b) -> b).orElse(null);
    }

    /** A resource of the service that can run out, as read in {@link ServiceFigures}. */
    private record Resource(String cause, Function<ServiceFigures, Double> share, double threshold,
                            Function<ServiceFigures, Boolean> full, Describer describe) {
        boolean full(ServiceFigures f) {
            Boolean b = full.apply(f);
            return b != null && b;
        }

        /** How near its limit it was in {@code f}: its share over its threshold (1 is at the limit); 0 when not read. */
        double nearness(ServiceFigures f) {
            Double s = share.apply(f);
            return s == null ? 0 : s / threshold;
        }

        KneeCause cause(CapacityStep fail, CapacityStep pass) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("rate_per_s", round(fail.ratePerS()));
            describe.evidence(fail.service(), "", e);
            e.put("threshold_pct", round(100 * threshold));
            String text = describe.text(fail.service()) + " at " + rate(fail.ratePerS());
            if (pass != null && pass.service() != null && share.apply(pass.service()) != null) {
                e.put("passing_rate_per_s", round(pass.ratePerS()));
                describe.evidence(pass.service(), "passing_", e);
                text += "; " + describe.brief(pass.service()) + " at " + rate(pass.ratePerS()) + ", the last rate that passed";
            }
            e.put("source", fail.service().source());
            return new KneeCause(cause, text, e);
        }
    }

    /** How one resource's figures read as evidence and in words. */
    private interface Describer {
        void evidence(ServiceFigures f, String prefix, Map<String, Object> out);

        String text(ServiceFigures f);

        /** As {@link #text}, where the first words already said what it is (the last passing step's figure). */
        default String brief(ServiceFigures f) {
            return text(f);
        }
    }

    private static final List<Resource> RESOURCES = List.of(
            new Resource(KneeCause.THREAD_POOL, f -> ratio(f.threadsBusy(), f.threadsMax()), THREADS_BUSY_SHARE,
                    f -> ratio(f.threadsBusy(), f.threadsMax()) != null && ratio(f.threadsBusy(), f.threadsMax()) >= THREADS_BUSY_SHARE,
                    new Describer() {
                        @Override
                        public void evidence(ServiceFigures f, String prefix, Map<String, Object> out) {
                            out.put(prefix + "threads_busy", round(f.threadsBusy()));
                            out.put(prefix + "threads_max", round(f.threadsMax()));
                            out.put(prefix + "threads_busy_pct", round(100 * f.threadsBusy() / f.threadsMax()));
                        }

                        @Override
                        public String text(ServiceFigures f) {
                            return figure(f.threadsBusy()) + " of " + figure(f.threadsMax()) + " threads busy";
                        }
                    }),
            new Resource(KneeCause.CONNECTION_POOL, f -> ratio(f.poolActive(), f.poolMax()), POOL_ACTIVE_SHARE,
                    f -> f.poolActive() != null && f.poolMax() != null && f.poolMax() > 0 && f.poolPending() != null
                            && f.poolPending() > 0
                            && (f.poolActive() >= POOL_ACTIVE_SHARE * f.poolMax() || f.poolPending() >= f.poolMax()),
                    new Describer() {
                        @Override
                        public void evidence(ServiceFigures f, String prefix, Map<String, Object> out) {
                            out.put(prefix + "pool_active", round(f.poolActive()));
                            out.put(prefix + "pool_max", round(f.poolMax()));
                            if (f.poolPending() != null) {
                                out.put(prefix + "pool_pending", round(f.poolPending()));
                            }
                        }

                        @Override
                        public String text(ServiceFigures f) {
                            return figure(f.poolActive()) + " of " + figure(f.poolMax()) + " connections in use"
                                    + (f.poolPending() == null ? "" : ", " + figure(f.poolPending()) + " callers waiting");
                        }
                    }),
            new Resource(KneeCause.SERVICE_CPU, KneeClassifier::cpuShare, CPU_SHARE,
                    f -> cpuShare(f) != null && cpuShare(f) >= CPU_SHARE,
                    new Describer() {
                        @Override
                        public void evidence(ServiceFigures f, String prefix, Map<String, Object> out) {
                            if (f.cpuPct() != null) {
                                out.put(prefix + "cpu_pct", round(f.cpuPct()));
                            }
                            if (f.cores() != null) {
                                out.put(prefix + "cores", f.cores());
                            }
                            if (f.coresBusyPct() != null) {
                                out.put(prefix + "cores_busy_pct", round(f.coresBusyPct()));
                            }
                            // what the CPU running out did to its virtual threads, where the service tells
                            if (f.vtQueued() != null) {
                                out.put(prefix + "vt_queued", round(f.vtQueued()));
                            }
                            if (f.timerLateMs() != null) {
                                out.put(prefix + "timer_late_ms", round(f.timerLateMs()));
                            }
                        }

                        @Override
                        public String text(ServiceFigures f) {
                            String cores = f.cores() == null ? "its cores" : "its " + f.cores() + (f.cores() == 1 ? " core" : " cores");
                            String timer = f.timerLateMs() == null ? ""
                                    : "; a 1 ms timer of its virtual threads woke " + figure(f.timerLateMs()) + " ms late";
                            if (f.cpuPct() >= 100 * CPU_SHARE || f.coresBusyPct() == null) {
                                return "the service used " + figure(f.cpuPct()) + "% of " + cores + timer;
                            }
                            return cores + " were " + figure(f.coresBusyPct()) + "% busy, the service using " + figure(f.cpuPct())
                                    + "% (the rest other processes', a generator on the same cores among them)" + timer;
                        }

                        @Override
                        public String brief(ServiceFigures f) {
                            return f.coresBusyPct() == null ? text(f) : figure(f.coresBusyPct()) + "% busy, the service "
                                    + figure(f.cpuPct()) + "%";
                        }
                    }),
            new Resource(KneeCause.GC, f -> f.gcPausePct() == null ? null : f.gcPausePct() / 100, GC_PAUSE_SHARE,
                    f -> f.gcPausePct() != null && f.gcPausePct() >= 100 * GC_PAUSE_SHARE,
                    new Describer() {
                        @Override
                        public void evidence(ServiceFigures f, String prefix, Map<String, Object> out) {
                            out.put(prefix + "gc_pause_pct", round(f.gcPausePct()));
                        }

                        @Override
                        public String text(ServiceFigures f) {
                            return "stop-the-world pauses took " + figure(f.gcPausePct()) + "% of the time";
                        }
                    }));

    /**
     * How much of the service's cores was used, 0..1: by the service itself or, where {@code /proc} tells, by anything
     * while the service's own use was a fair part of it ({@link #OWN_PART_OF_BUSY}); a service whose cores other
     * processes keep busy has run out of CPU as surely as one that used it all. Null when nothing tells.
     */
    private static Double cpuShare(ServiceFigures f) {
        if (f.cpuPct() == null) {
            return null;
        }
        boolean competing = f.coresBusyPct() != null && f.cpuPct() >= OWN_PART_OF_BUSY * f.coresBusyPct();
        return (competing ? Math.max(f.cpuPct(), f.coresBusyPct()) : f.cpuPct()) / 100;
    }

    private static Double ratio(Double part, Double whole) {
        return part == null || whole == null || !(whole > 0) ? null : part / whole;
    }

    /** {@code 2,150/s}: a rate as the console words it. */
    static String rate(double perS) {
        return (perS >= 100 ? String.format(Locale.ROOT, "%,.0f", perS) : Slo.figure(perS)) + "/s";
    }

    private static String figure(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : Slo.figure(v);
    }

    /** A figure to three significant digits (a rate or a count to the unit), as evidence holds it. */
    private static Number round(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (long) v;
        }
        // half up, as the text's %,.0f rounds: 2,062.5/s reads 2,063 in both
        double r = Math.abs(v) >= 1000 ? Math.round(v) : new BigDecimal(v).round(new MathContext(3)).doubleValue();
        return r == Math.rint(r) && Math.abs(r) < 1e15 ? (Number) (long) r : (Number) r;
    }
}
