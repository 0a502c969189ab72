package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * One measured iteration: its metrics (name → value in the unit its name ends with; null when a probe
 * is unavailable here), its task latencies as a compressed HdrHistogram in base64 (ns), the stacks
 * at which virtual threads were pinned (most events first; null when the scenario does not record pinning),
 * the first exception a call threw when the workload counts such calls and goes on (else null), its timed
 * span in the trial JVM's clock (null when the workload does not time it: JMH's own forks), and the
 * garbage collector's pauses inside that span, which the parent reads from the trial's GC log after the
 * trial ended (null when there is no GC log: a trial run in-process, or no span), and, for an iteration that
 * was a capacity search, what the search found (else null).
 */
public record IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks,
                              @JsonProperty("first_failure") @JsonInclude(JsonInclude.Include.NON_NULL)
                              CallFailure firstFailure,
                              @JsonInclude(JsonInclude.Include.NON_NULL) MeasuredSpan span,
                              @JsonProperty("gc_pauses") @JsonInclude(JsonInclude.Include.NON_NULL)
                              List<GcPause> gcPauses,
                              @JsonInclude(JsonInclude.Include.NON_NULL) CapacitySearch capacity) {

    public IterationResult {
        gcPauses = gcPauses == null ? null : List.copyOf(gcPauses);
    }

    /** An iteration without pinning records. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram) {
        this(metrics, latencyHistogram, null, null);
    }

    /** An iteration in which no call failed and went uncounted. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks) {
        this(metrics, latencyHistogram, pinnedStacks, null);
    }

    /** An iteration whose span is not known. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks,
                           CallFailure firstFailure) {
        this(metrics, latencyHistogram, pinnedStacks, firstFailure, null, null, null);
    }

    /** An iteration that was one capacity search. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram, CapacitySearch capacity) {
        this(metrics, latencyHistogram, null, null, null, null, capacity);
    }

    /** This iteration with its timed span. */
    public IterationResult withSpan(MeasuredSpan value) {
        return new IterationResult(metrics, latencyHistogram, pinnedStacks, firstFailure, value, gcPauses, capacity);
    }

    /** This iteration with the GC pauses inside its span. */
    public IterationResult withGcPauses(List<GcPause> value) {
        return new IterationResult(metrics, latencyHistogram, pinnedStacks, firstFailure, span, value, capacity);
    }

    /** This iteration with the capacity search it was. */
    public IterationResult withCapacity(CapacitySearch value) {
        return new IterationResult(metrics, latencyHistogram, pinnedStacks, firstFailure, span, gcPauses, value);
    }

    /** This iteration with other metrics. */
    public IterationResult withMetrics(Map<String, Double> value) {
        return new IterationResult(value, latencyHistogram, pinnedStacks, firstFailure, span, gcPauses, capacity);
    }
}
