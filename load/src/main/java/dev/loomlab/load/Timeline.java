package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * One measured load run second by second, as article 003 monitors a service: what the load met (answers, errors, the
 * p99 of that second's answers) beside what the server used (CPU, resident set, heap after its last collection,
 * threads, stop-the-world pauses, its database pool) and how its virtual-thread scheduler kept up (threads queued for a
 * carrier, a timer's lateness). Read from outside the server, on the load's own progress beat,
 * never inside a timed model. A figure the server does not give is left out.
 *
 * @param iteration which measured iteration of its trial the run was (1, 2, …)
 * @param points    a point a second, in order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Timeline(int iteration, List<Point> points) {
    /** Every measured run's timeline, in the order they ran (forks one after the other). */
    public static final ResultSection.ListOf<Timeline> SECTION = ResultSection.list("timeline", Timeline.class);

    /**
     * One second.
     *
     * @param tS            seconds since the run's first measured second ended, at the end of this one
     * @param okPerS        answers ok in this second, per second
     * @param errorsPerS    errors in this second, per second
     * @param p99Ms         the p99 of this second's answers, ms (from the intended send on the open model)
     * @param cpuPct        the server's CPU in this second, % of all cores
     * @param rssMb         its resident set, MB
     * @param threads       its OS threads
     * @param heapAfterGcMb its heap in use after its last collection, MB
     * @param gcPauseMs     its stop-the-world pauses in this second, ms
     * @param poolActive    connections of its database pool in use
     * @param poolPending   callers waiting for one
     * @param vtQueued      its virtual threads ready and waiting for a carrier (JDK 24+)
     * @param timerLateMs   how late a 1 ms sleep of one of its virtual threads woke in this second, p99, ms
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"t_s", "ok_per_s", "errors_per_s", "p99_ms", "cpu_pct", "rss_mb", "threads", "heap_after_gc_mb",
            "gc_pause_ms", "pool_active", "pool_pending", "vt_queued", "timer_late_ms"})
    public record Point(@JsonProperty("t_s") double tS, @JsonProperty("ok_per_s") Double okPerS,
                        @JsonProperty("errors_per_s") Double errorsPerS, @JsonProperty("p99_ms") Double p99Ms,
                        @JsonProperty("cpu_pct") Double cpuPct, @JsonProperty("rss_mb") Double rssMb, Double threads,
                        @JsonProperty("heap_after_gc_mb") Double heapAfterGcMb, @JsonProperty("gc_pause_ms") Double gcPauseMs,
                        @JsonProperty("pool_active") Double poolActive, @JsonProperty("pool_pending") Double poolPending,
                        @JsonProperty("vt_queued") Double vtQueued, @JsonProperty("timer_late_ms") Double timerLateMs) {
    }
}
