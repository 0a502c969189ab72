package dev.loomlab.core.trial;

import java.util.Map;

/**
 * One measured iteration: its metrics (name → value in the unit its name ends with; null when a probe
 * is unavailable here) and its task latencies as a compressed HdrHistogram in base64 (ns).
 */
public record IterationResult(Map<String, Double> metrics, String latencyHistogram) {
}
