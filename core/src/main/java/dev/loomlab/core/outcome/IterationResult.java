package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * One measured iteration: its metrics (name → value in the unit its name ends with; null when a probe
 * is unavailable here), its task latencies as a compressed HdrHistogram in base64 (ns), the stacks
 * at which virtual threads were pinned (most events first; null when the scenario does not record pinning),
 * and the first exception a call threw when the workload counts such calls and goes on (else null).
 */
public record IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks,
                              @JsonProperty("first_failure") @JsonInclude(JsonInclude.Include.NON_NULL)
                              CallFailure firstFailure) {

    /** An iteration without pinning records. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram) {
        this(metrics, latencyHistogram, null, null);
    }

    /** An iteration in which no call failed and went uncounted. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks) {
        this(metrics, latencyHistogram, pinnedStacks, null);
    }
}
