package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * One stop-the-world pause of the garbage collector, as the trial JVM's GC log recorded it.
 *
 * @param timeNanos when the collector logged it, in the trial JVM's {@link System#nanoTime()} (the log's
 *                  {@code timenanos} decoration): during the pause, just before the threads resume
 * @param kind      young, mixed, full or other
 * @param ms        its duration as the collector measured it, ms
 */
@JsonPropertyOrder({"time_nanos", "kind", "ms"})
public record GcPause(@JsonProperty("time_nanos") long timeNanos, Kind kind, double ms) {

    /**
     * What a pause collected: {@code young} (a young collection: G1's {@code Pause Young (Normal)},
     * {@code (Concurrent Start)}, {@code (Prepare Mixed)}; Parallel's and Serial's {@code Pause Young}),
     * {@code mixed} (G1's {@code Pause Young (Mixed)}, young and some old regions), {@code full}
     * ({@code Pause Full}: the whole heap) and {@code other} (the short pauses of a concurrent cycle: G1's
     * Remark and Cleanup, ZGC's and Shenandoah's phase pauses).
     */
    public enum Kind {
        YOUNG, MIXED, FULL, OTHER;

        /** {@code young}, {@code mixed}, {@code full}, {@code other}. */
        @JsonValue
        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind of the pause the log names {@code Pause <name>}, e.g. {@code Young (Normal) (G1 Evacuation Pause)}. */
        public static Kind of(String name) {
            if (name.startsWith("Young")) {
                return name.startsWith("Young (Mixed)") ? MIXED : YOUNG;
            }
            return name.startsWith("Full") ? FULL : OTHER;
        }
    }
}
