package dev.loomlab.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.pinning.PinnedStack;
import dev.loomlab.core.trial.JvmInfo;

import java.util.List;
import java.util.Map;

/**
 * One scenario × model × parameters × JVM, all forks' measured iterations pooled: the line
 * {@code results.jsonl} holds for it (DESIGN.md, result contract).
 *
 * @param params parameter name → value (numbers for counts, text such as {@code 300ms} for durations)
 * @param forks forked JVMs; 0 means the trial ran inside the CLI's JVM (tests and debugging only)
 * @param status {@code ok}, {@code failed}, {@code invalid} or {@code not_applicable}
 * @param error why it is not ok (with the tail of the trial log for a failed fork), else null
 * @param metrics metric name → {@link dev.loomlab.core.stats.Summary} or, for task latency,
 *                {@link dev.loomlab.core.stats.LatencySummary}; empty unless ok; a null value is a
 *                probe unavailable on this system
 * @param boundMs the best time physics allows for one iteration, ms; null when there is none
 * @param efficiency bound / median wall time; null without a bound
 * @param serialTaskMs one task's CPU part alone on one thread, ms (what a CPU bound rests on); else null
 * @param published the article's figure for this model and parameters, or null
 * @param logs the trial logs, relative to the results folder
 * @param pinnedStacks the stacks at which virtual threads were pinned, over every measured iteration and
 *                     fork, most events first (at most {@link PinnedStack#TOP}); null when the scenario
 *                     does not record pinning
 * @param histograms metric name → every measured iteration's values of that metric merged into one
 *                   HdrHistogram, compressed and base64-encoded as {@link dev.loomlab.core.trial.TrialExecutor#encode}
 *                   writes it, values in ns (today {@code task_latency_ms}); empty when none was recorded
 * @param jmh what JMH reported, for a result a JMH benchmark measured; else null and left out of the JSON
 */
@JsonPropertyOrder({"scenario", "model", "params", "jvm", "forks", "warmup", "iterations", "status", "error",
        "metrics", "bound_ms", "efficiency", "serial_task_ms", "published", "logs", "pinned_stacks", "histograms", "jmh"})
public record Result(String scenario, String model, Map<String, Object> params, JvmInfo jvm, int forks, int warmup,
                     int iterations, String status, String error, Map<String, Object> metrics,
                     @JsonProperty("bound_ms") Double boundMs, Double efficiency,
                     @JsonProperty("serial_task_ms") Double serialTaskMs, PublishedFigure published,
                     List<String> logs, @JsonProperty("pinned_stacks") List<PinnedStack> pinnedStacks,
                     Map<String, String> histograms, @JsonInclude(JsonInclude.Include.NON_NULL) JmhRun jmh) {

    public Result {
        histograms = histograms == null ? Map.of() : histograms;
    }

    /** A result that JMH did not measure. */
    public Result(String scenario, String model, Map<String, Object> params, JvmInfo jvm, int forks, int warmup,
                  int iterations, String status, String error, Map<String, Object> metrics, Double boundMs,
                  Double efficiency, Double serialTaskMs, PublishedFigure published, List<String> logs,
                  List<PinnedStack> pinnedStacks, Map<String, String> histograms) {
        this(scenario, model, params, jvm, forks, warmup, iterations, status, error, metrics, boundMs, efficiency,
                serialTaskMs, published, logs, pinnedStacks, histograms, null);
    }

    /** A result with pinned stacks and no histograms. */
    public Result(String scenario, String model, Map<String, Object> params, JvmInfo jvm, int forks, int warmup,
                  int iterations, String status, String error, Map<String, Object> metrics, Double boundMs,
                  Double efficiency, Double serialTaskMs, PublishedFigure published, List<String> logs,
                  List<PinnedStack> pinnedStacks) {
        this(scenario, model, params, jvm, forks, warmup, iterations, status, error, metrics, boundMs, efficiency,
                serialTaskMs, published, logs, pinnedStacks, Map.of());
    }

    /** A result of a scenario that does not record pinning, with histograms. */
    public Result(String scenario, String model, Map<String, Object> params, JvmInfo jvm, int forks, int warmup,
                  int iterations, String status, String error, Map<String, Object> metrics, Double boundMs,
                  Double efficiency, Double serialTaskMs, PublishedFigure published, List<String> logs,
                  Map<String, String> histograms) {
        this(scenario, model, params, jvm, forks, warmup, iterations, status, error, metrics, boundMs, efficiency,
                serialTaskMs, published, logs, null, histograms);
    }

    /** A result of a scenario that does not record pinning, without histograms. */
    public Result(String scenario, String model, Map<String, Object> params, JvmInfo jvm, int forks, int warmup,
                  int iterations, String status, String error, Map<String, Object> metrics, Double boundMs,
                  Double efficiency, Double serialTaskMs, PublishedFigure published, List<String> logs) {
        this(scenario, model, params, jvm, forks, warmup, iterations, status, error, metrics, boundMs, efficiency,
                serialTaskMs, published, logs, null, Map.of());
    }

    public boolean ok() {
        return "ok".equals(status);
    }

    /**
     * The article's figure as a result carries it: a wall time in {@code wall_ms}, or, for a figure of
     * another metric, {@code wall_ms} null and the figure in {@code value} in the unit {@code metric}'s
     * name ends with (e.g. {@code handoff_us}).
     */
    @JsonPropertyOrder({"source", "wall_ms", "hardware", "note", "metric", "value"})
    public record PublishedFigure(String source, @JsonProperty("wall_ms") Double wallMs, String hardware, String note,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) String metric,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Double value) {

        /** A published wall time, ms. */
        public PublishedFigure(String source, double wallMs, String hardware, String note) {
            this(source, wallMs, hardware, note, null, null);
        }

        /** The metric the figure is of: {@code wall_ms} unless it says another. */
        public String metricName() {
            return metric == null ? "wall_ms" : metric;
        }

        /** The figure in its metric's unit. */
        public double figure() {
            return metric == null ? wallMs : value;
        }
    }
}
