package dev.loomlab.core.probe;

import java.util.Map;

/**
 * Measures something around one iteration. {@link #beforeIteration} runs just before the model starts
 * its tasks, {@link #afterIteration} just after the last one finished; neither runs inside the measured
 * work. Metric names are snake_case and end in their unit ({@link dev.loomlab.core.stats.Metric}); NaN means unavailable here.
 */
public interface Probe {

    void beforeIteration();

    /** Adds this probe's metrics for the iteration that took {@code wallNanos}. */
    void afterIteration(long wallNanos, Map<String, Double> metrics);
}
