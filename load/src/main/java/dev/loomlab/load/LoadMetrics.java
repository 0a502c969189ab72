package dev.loomlab.load;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of the load side's own figures ({@code load}, {@code web}): what the generator sent and how it
 * kept its schedule, a load engine's own footprint when it runs in a JVM of its own (JMeter; loomlab's own
 * generator shows in the trial's {@code cpu_util_pct}, {@code peak_rss_mb}, {@code threads_peak}), and a
 * capacity search's answer. The requests and errors it counts are
 * {@link dev.loomlab.core.server.ServerMetrics#CLIENT_COUNTS}'s, the server's own figures
 * {@link dev.loomlab.core.server.ServerMetrics}'s.
 */
public final class LoadMetrics implements MetricProvider {
    private static final MetricKeys KEYS = new MetricKeys(Owner.LOAD);

    /** Requests answered with a 2xx and the expected body. */
    public static final MetricKey OK = KEYS.add("ok", Unit.COUNT, HIGHER_BETTER,
            "requests answered with a 2xx and the expected body");
    /** Answers by HTTP status: {@code status_200}, {@code status_503} … */
    public static final MetricKey STATUS = KEYS.add("status_<code>", Unit.COUNT, NEITHER,
            "answers with one HTTP status");
    /** Answers by the kind of thread that served them (the server's header): {@code served_by_virtual} … */
    public static final MetricKey SERVED_BY = KEYS.add("served_by_<kind>", Unit.COUNT, NEITHER,
            "answers served by one kind of thread, as the server's header names it");
    /** Open model: the rate asked for, per second. */
    public static final MetricKey TARGET_RATE_PER_S = KEYS.add("target_rate_per_s", Unit.PER_S, NEITHER,
            "open model: the rate the schedule asked for");
    /** Open model: the rate sent, per second. */
    public static final MetricKey SENT_PER_S = KEYS.add("sent_per_s", Unit.PER_S, NEITHER,
            "open model: requests sent per second of the measured span");
    /** Open model: measured requests that waited for a connection. */
    public static final MetricKey QUEUED_REQUESTS = KEYS.add("queued_requests", Unit.COUNT, LOWER_BETTER,
            "open model: measured requests that waited for a free connection");
    /** Open model: how late the generator itself wrote requests, 99th percentile, ms. */
    public static final MetricKey GENERATOR_LAG_P99_MS = KEYS.add("generator_lag_p99_ms", Unit.MS, LOWER_BETTER,
            "open model: how late the generator wrote requests (or queued them, no connection free) against their schedule,"
                    + " 99th percentile");
    /** The generator's JVM's CPU over the measured span, as a share of the cores it may use, %. */
    public static final MetricKey GENERATOR_CPU_PCT = KEYS.add("generator_cpu_pct", Unit.PCT, NEITHER,
            "the generator's JVM's CPU time / (measured span × the cores it may use)");
    /** 1 when {@code task_latency_ms} is from the intended send (open model), 0 when from the actual send. */
    public static final MetricKey LATENCY_FROM_INTENDED_SEND = KEYS.add("latency_from_intended_send", Unit.FLAG, NEITHER,
            "1 when task_latency_ms is from the intended send (corrected for coordinated omission), 0 from the actual send");
    /** Open model: latency from the actual send, at {@code p50}, {@code p90}, {@code p99}, {@code p999}, {@code max}, ms. */
    public static final MetricKey TASK_LATENCY_UNCORRECTED = KEYS.add("task_latency_uncorrected_<p>_ms", Unit.MS,
            LOWER_BETTER, "open model: each request's latency from its actual send (not corrected), at p50 … max");
    /**
     * A result pooled from separate runs ({@code assess}'s turns): each run's own latency at {@code p50} and {@code p99},
     * ms, from the intended send for the open model, so that two sets of runs compare with an interval.
     */
    public static final MetricKey RUN_LATENCY = KEYS.add("run_latency_<p>_ms", Unit.MS, LOWER_BETTER,
            "a result pooled from separate runs: each run's own latency at p50 and p99 (from the intended send, open model)");
    /** The engine JVM's CPU time over the load, as a share of all cores, %. */
    public static final MetricKey ENGINE_CPU_PCT = KEYS.add("engine_cpu_pct", Unit.PCT, NEITHER,
            "the engine JVM's CPU time / (wall time × cores) over the load");
    /** The engine JVM's peak resident set, MB. */
    public static final MetricKey ENGINE_PEAK_RSS_MB = KEYS.add("engine_peak_rss_mb", Unit.MB, LOWER_BETTER,
            "the engine JVM's peak resident set over the load");
    /** The engine JVM's peak live threads. */
    public static final MetricKey ENGINE_THREADS_PEAK = KEYS.add("engine_threads_peak", Unit.COUNT, NEITHER,
            "the engine JVM's peak live threads over the load");
    /**
     * The generator's ceiling on this machine, per second: measured before an open load of 5,000/s or more, or in a
     * search when a step first wants that much.
     */
    public static final MetricKey GENERATOR_CEILING_PER_S = KEYS.add("generator_ceiling_per_s", Unit.PER_S, NEITHER,
            "the most requests per second the generator sends on this machine (measured once per JVM)");
    /** A capacity search's answer: what the target answered per second at the highest rate that passed. */
    public static final MetricKey MAX_RATE_PER_S = KEYS.add("max_rate_per_s", Unit.PER_S, HIGHER_BETTER, Owner.SERVER,
            "capacity search: the sustainable rate, answers per second at the highest offered rate that met the SLO");
    /** The lowest offered rate that failed the SLO, per second. */
    public static final MetricKey FIRST_FAILING_PER_S = KEYS.add("first_failing_per_s", Unit.PER_S, HIGHER_BETTER,
            Owner.SERVER, "capacity search: the lowest offered rate that failed the SLO");
    /** 1 when no rate failed before the generator's ceiling: the answer is "at least". */
    public static final MetricKey GENERATOR_BOUND = KEYS.add("generator_bound", Unit.FLAG, NEITHER,
            "capacity search: 1 when no rate failed below the generator's ceiling (the answer is a lower limit)");

    public static final List<MetricKey> ALL = KEYS.all();

    @Override
    public List<MetricKey> metrics() {
        return ALL;
    }
}
