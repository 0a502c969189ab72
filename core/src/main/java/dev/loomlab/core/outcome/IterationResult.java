package dev.loomlab.core.outcome;

import java.util.List;
import java.util.Map;

/**
 * One measured iteration: its metrics (name → value in the unit its name ends with; null when a probe
 * is unavailable here), its task latencies as a compressed HdrHistogram in base64 (ns), and the stacks
 * at which virtual threads were pinned (most events first; null when the scenario does not record pinning).
 */
public record IterationResult(Map<String, Double> metrics, String latencyHistogram, List<PinnedStack> pinnedStacks) {

    /** An iteration without pinning records. */
    public IterationResult(Map<String, Double> metrics, String latencyHistogram) {
        this(metrics, latencyHistogram, null);
    }
}
