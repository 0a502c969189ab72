package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The timed span of one measured iteration, in the trial JVM's {@link System#nanoTime()}: the clock its GC
 * log's {@code timenanos} decoration reads, so the pauses inside it can be picked out of the log.
 */
public record MeasuredSpan(@JsonProperty("start_nanos") long startNanos, @JsonProperty("end_nanos") long endNanos) {

    /**
     * Whether a pause logged at {@code nanos} lies inside this span. A pause is logged while every Java
     * thread is stopped, so no reading of the span's ends can fall inside one: a pause logged after the
     * start and before the end happened within the span.
     */
    public boolean holds(long nanos) {
        return nanos > startNanos && nanos < endNanos;
    }
}
