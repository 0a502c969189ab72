package dev.loomlab.load.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.slo.Slo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What was read of the service over one load run's measured span (a fixed load, or one step of a capacity search),
 * each figure left out when nothing gave it. Gauges are the median of the readings after the first (the first is taken
 * at the span's start), counters the rate between the first and the last.
 *
 * @param source      where the figures came from ({@link Service#describe})
 * @param samples     readings of its saturation in the span, one a second at most
 * @param threadsBusy threads of its request pool serving a request (median)
 * @param threadsMax  the most threads that pool runs
 * @param poolActive  connections of its database pool in use (median)
 * @param poolPending callers waiting for one of them (median)
 * @param poolMax     the most connections that pool opens
 * @param cpuPct      its CPU over the span, % of {@code cores}
 * @param cores       the cores {@code cpuPct} is a share of: those it may run on when {@code /proc} tells
 * @param coresBusyPct how busy those cores were over the span, whoever used them (the service, a generator on the same
 *                    cores, any other process), %; only where {@code /proc} shows the service's process
 * @param gcPausePct  the share of the span its stop-the-world collections took, %
 * @param vtQueued    its virtual threads waiting for a carrier (median; JDK 24+)
 * @param timerLateMs how late a 1 ms sleep of one of its virtual threads woke, p99, the highest reading: carriers all
 *                    held show here (a loomlab server of virtual threads)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"source", "samples", "threads_busy", "threads_max", "pool_active", "pool_pending", "pool_max", "cpu_pct",
        "cores", "cores_busy_pct", "gc_pause_pct", "vt_queued", "timer_late_ms"})
public record ServiceFigures(String source, int samples, @JsonProperty("threads_busy") Double threadsBusy,
                             @JsonProperty("threads_max") Double threadsMax, @JsonProperty("pool_active") Double poolActive,
                             @JsonProperty("pool_pending") Double poolPending, @JsonProperty("pool_max") Double poolMax,
                             @JsonProperty("cpu_pct") Double cpuPct, Integer cores,
                             @JsonProperty("cores_busy_pct") Double coresBusyPct,
                             @JsonProperty("gc_pause_pct") Double gcPausePct, @JsonProperty("vt_queued") Double vtQueued,
                             @JsonProperty("timer_late_ms") Double timerLateMs) {
    /** Figures of a service with nothing read of a virtual-thread scheduler. */
    public ServiceFigures(String source, int samples, Double threadsBusy, Double threadsMax, Double poolActive,
                          Double poolPending, Double poolMax, Double cpuPct, Integer cores, Double coresBusyPct,
                          Double gcPausePct) {
        this(source, samples, threadsBusy, threadsMax, poolActive, poolPending, poolMax, cpuPct, cores, coresBusyPct,
                gcPausePct, null, null);
    }

    /** A fixed {@code load}'s reading of the service it loaded; left out when nothing was read. */
    public static final ResultSection.Value<ServiceFigures> SECTION = ResultSection.value("service", ServiceFigures.class);

    /**
     * Its figures as the metrics a loomlab server reports of itself ({@link ServerMetrics}): {@code server_cpu_pct},
     * {@code server_threads_busy} and {@code _max}, {@code server_pool_active}, {@code _pending} and {@code _max},
     * {@code server_vt_queued}; each only where it was read.
     */
    public Map<String, Double> metrics() {
        Map<String, Double> out = new LinkedHashMap<>();
        put(out, ServerMetrics.SERVER_CPU_PCT, cpuPct);
        put(out, ServerMetrics.SERVER_THREADS_BUSY, threadsBusy);
        put(out, ServerMetrics.SERVER_THREADS_MAX, threadsMax);
        put(out, ServerMetrics.SERVER_POOL_ACTIVE, poolActive);
        put(out, ServerMetrics.SERVER_POOL_PENDING, poolPending);
        put(out, ServerMetrics.SERVER_POOL_MAX, poolMax);
        put(out, ServerMetrics.SERVER_VT_QUEUED, vtQueued);
        return out;
    }

    private static void put(Map<String, Double> out, MetricKey key, Double value) {
        if (value != null) {
            out.put(key.name(), value);
        }
    }

    /** Its figures in a few words: {@code 200 of 200 threads busy, CPU 45% of 2 cores}; empty when it has none. */
    public String line() {
        List<String> parts = new ArrayList<>();
        if (threadsBusy != null && threadsMax != null) {
            parts.add(Slo.figure(threadsBusy) + " of " + Slo.figure(threadsMax) + " threads busy");
        }
        if (poolActive != null && poolMax != null) {
            parts.add(Slo.figure(poolActive) + " of " + Slo.figure(poolMax) + " connections in use"
                    + (poolPending == null ? "" : ", " + Slo.figure(poolPending) + " waiting"));
        }
        if (cpuPct != null) {
            parts.add("CPU " + Slo.figure(cpuPct) + "%" + (cores == null ? "" : " of " + cores + (cores == 1 ? " core" : " cores"))
                    + (coresBusyPct == null ? "" : " (" + (cores != null && cores == 1 ? "it was " : "they were ")
                    + Slo.figure(coresBusyPct) + "% busy)"));
        }
        if (gcPausePct != null) {
            parts.add("GC pauses " + Slo.figure(gcPausePct) + "%");
        }
        if (vtQueued != null) {
            parts.add(Slo.figure(vtQueued) + " virtual threads waiting for a carrier");
        }
        if (timerLateMs != null) {
            parts.add("a 1 ms timer " + Slo.figure(timerLateMs) + " ms late (p99)");
        }
        return String.join(", ", parts);
    }
}
