package dev.loomlab.load.capacity;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What ran out at a capacity search's knee ({@link KneeClassifier}), in the result contract as
 * {@code {"cause": "thread-pool", "text": "200 of 200 threads busy at 2,150/s …", "evidence": {…}}}.
 *
 * @param cause    one of {@link #GENERATOR}, {@link #THREAD_POOL}, {@link #CONNECTION_POOL}, {@link #SERVICE_CPU},
 *                 {@link #GC}, {@link #CONNECTIONS}, {@link #UNEXPLAINED}
 * @param text     the cause's figure in words, as the console and report.html show it
 * @param evidence the figures it rests on, by name, each name ending in its unit as metric names do
 *                 ({@code rate_per_s}, {@code threads_busy}, {@code cpu_pct}, {@code threshold_pct} …)
 */
@JsonPropertyOrder({"cause", "text", "evidence"})
public record KneeCause(String cause, String text, Map<String, Object> evidence) {
    /** The search's first capacity search's knee, on its result; each search in {@code capacity} carries its own. */
    public static final ResultSection.Value<KneeCause> SECTION = ResultSection.value("knee_cause", KneeCause.class);

    /** loomlab's generator, not the service: it fell behind, used up its cores, or reached its own ceiling. */
    public static final String GENERATOR = "generator";
    /** The service's request thread pool: its threads all busy. */
    public static final String THREAD_POOL = "thread-pool";
    /** Its database connection pool: every connection in use, callers waiting. */
    public static final String CONNECTION_POOL = "connection-pool";
    /** Its CPU: the cores it may use, used. */
    public static final String SERVICE_CPU = "service-cpu";
    /** Its garbage collector's stop-the-world pauses. */
    public static final String GC = "gc";
    /** Connections refused or reset: an accept queue, a connection or open-file limit. */
    public static final String CONNECTIONS = "connections";
    /** Nothing read reached its limit, or nothing was read. */
    public static final String UNEXPLAINED = "unexplained";

    public KneeCause {
        evidence = evidence == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    }

    /** {@code thread-pool — 200 of 200 threads busy at 2,150/s}: the console's words. */
    public String line() {
        return cause + " — " + text;
    }
}
