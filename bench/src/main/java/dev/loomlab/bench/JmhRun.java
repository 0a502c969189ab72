package dev.loomlab.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

/**
 * What JMH itself reported for a result measured by a JMH benchmark: its score and error (the
 * half-width of its 99.9% confidence interval) in its own unit, and the settings it ran with.
 *
 * @param benchmark the benchmark method, e.g. {@code dev.loomlab.bench.ThreadStartBenchmark.startAndAwait}
 * @param mode JMH's mode, e.g. {@code avgt}
 * @param score JMH's score (mean over every measured iteration of every fork), in {@code unit}
 * @param error JMH's score error, the 99.9% CI half-width, in {@code unit}; null when JMH gives none (under 3 iterations)
 * @param unit e.g. {@code ms/op}, {@code us/op}
 * @param forks JMH forks
 * @param warmupIterations warm-up iterations per fork
 * @param warmupTime each warm-up iteration's time, JMH's text (e.g. {@code 500 ms})
 * @param measurementIterations measured iterations per fork
 * @param measurementTime each measured iteration's time, JMH's text
 */
@JsonPropertyOrder({"benchmark", "mode", "score", "error", "unit", "forks", "warmup_iterations", "warmup_time",
        "measurement_iterations", "measurement_time"})
public record JmhRun(String benchmark, String mode, double score, Double error, String unit, int forks,
                     @JsonProperty("warmup_iterations") int warmupIterations,
                     @JsonProperty("warmup_time") String warmupTime,
                     @JsonProperty("measurement_iterations") int measurementIterations,
                     @JsonProperty("measurement_time") String measurementTime) {
    /** What JMH reported for a result it measured; left out for any other result. */
    public static final ResultSection.Value<JmhRun> SECTION = ResultSection.value("jmh", JmhRun.class);
}
