package dev.loomlab.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.outcome.CapacitySearch;
import dev.loomlab.core.outcome.JmhRun;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.LoadEngineInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.stats.GcPauseSummary;
import dev.loomlab.core.outcome.SloVerdict;
import dev.loomlab.core.stats.Metric;

import java.util.List;
import java.util.Map;

/**
 * One scenario × model × parameters × JVM, all forks' measured iterations pooled: the line
 * {@code results.jsonl} holds for it (docs/results.md). Built by {@link #builder}.
 *
 * @param contract     the version of this JSON contract ({@value #CONTRACT})
 * @param modelInfo    the model as a value: kind, size, threads, concurrency; null when the name is not
 *                     a model here (a result read from an older file)
 * @param form         the form the workload ran in on this model, e.g. {@code blocking}; null unless it ran
 * @param params       parameter name → value (numbers for counts, text such as {@code 300ms} for durations)
 * @param forks        forked JVMs; 0 means the trial ran inside the CLI's JVM (tests and debugging only)
 * @param error        why it is not ok (with the tail of the trial log for a failed fork), else null
 * @param firstFailure the first exception a call threw in a result whose workload counts failed calls and
 *                     goes on (a user's task), over every measured iteration and fork; null and left out
 *                     when none threw
 * @param score        the name of the metric that is this result's score (e.g. {@code wall_ms})
 * @param metrics      metric name → {@link dev.loomlab.core.stats.Summary} or, for task latency,
 *                     {@link dev.loomlab.core.stats.LatencySummary}; empty unless ok; a null value is a
 *                     probe unavailable on this system
 * @param boundMs      the best time physics allows for one iteration, ms; null when there is none
 * @param efficiency   bound / mean wall time; null without a bound
 * @param serialTaskMs one task's CPU part alone on one thread, ms (what a CPU bound rests on); else null
 * @param published    the article's figure for this model and parameters, or null
 * @param logs         the trial logs, relative to the results folder
 * @param pinnedStacks the stacks at which virtual threads were pinned, over every measured iteration and
 *                     fork, most events first (at most {@link PinnedStack#TOP}); null when the scenario
 *                     does not record pinning
 * @param gcCollector  the garbage collector of the trial JVMs, as their GC logs name it (e.g. {@code G1}); null
 *                     without GC logs (in-process, JMH's forks) or unless ok
 * @param gcPauseMs    the collector's stop-the-world pauses inside the measured iterations of every fork, read
 *                     from the GC logs; null when some iteration has no GC log to read them from, or unless ok
 * @param histograms   metric name → every measured iteration's values merged into one HdrHistogram, as
 *                     {@link dev.loomlab.core.stats.HistogramCodec} writes it, values in ns (today
 *                     {@code task_latency_ms}); empty when none was recorded
 * @param jmh          what JMH reported, for a result a JMH benchmark measured; else null and left out
 * @param slo          whether the result met the service level objective it was judged against
 *                     ({@link SloVerdict}); null and left out when it was judged against none
 * @param capacity     for a result whose iterations were capacity searches ({@code load --find-max}, {@code web}
 *                     with {@code rate=max}), what each search found, fork by fork; empty and left out otherwise
 * @param engine       the load engine that produced a {@code load} result when it is not loomlab's own generator
 *                     ({@code --engine jmeter}): name, version, what its latency means, the remote engines with
 *                     their counts; null and left out for loomlab's own
 */
@JsonPropertyOrder({"contract", "scenario", "model", "model_info", "form", "params", "jvm", "forks", "warmup", "iterations",
        "status", "error", "first_failure", "slo", "score", "metrics", "bound_ms", "efficiency", "serial_task_ms", "published", "logs",
        "pinned_stacks", "gc_collector", "gc_pause_ms", "histograms", "jmh", "profiles", "capacity", "engine"})
public record Result(int contract, String scenario, String model, @JsonProperty("model_info") Model modelInfo,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String form, Map<String, Object> params, JvmInfo jvm,
                     int forks, int warmup, int iterations, Status status, String error,
                     @JsonProperty("first_failure") @JsonInclude(JsonInclude.Include.NON_NULL) CallFailure firstFailure,
                     String score,
                     Map<String, Object> metrics, @JsonProperty("bound_ms") Double boundMs, Double efficiency,
                     @JsonProperty("serial_task_ms") Double serialTaskMs, PublishedFigure published, List<String> logs,
                     @JsonProperty("pinned_stacks") List<PinnedStack> pinnedStacks,
                     @JsonProperty("gc_collector") String gcCollector, @JsonProperty("gc_pause_ms") GcPauseSummary gcPauseMs,
                     Map<String, String> histograms,
                     @JsonInclude(JsonInclude.Include.NON_NULL) JmhRun jmh,
                     @JsonInclude(JsonInclude.Include.NON_NULL) SloVerdict slo,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ResultProfile> profiles,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<CapacitySearch> capacity,
                     @JsonInclude(JsonInclude.Include.NON_NULL) LoadEngineInfo engine) {
    /**
     * The contract this version writes: 2 added contract, model_info, form, score and published.article
     * (later additions such as gc_pause_ms and slo are additive and keep it).
     */
    public static final int CONTRACT = 2;
    /** The score of a result whose scenario names none. */
    public static final String DEFAULT_SCORE = Metric.WALL_MS;

    public Result {
        params = params == null ? Map.of() : params;
        metrics = metrics == null ? Map.of() : metrics;
        logs = logs == null ? List.of() : logs;
        histograms = histograms == null ? Map.of() : histograms;
        score = score == null ? DEFAULT_SCORE : score;
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        capacity = capacity == null ? List.of() : List.copyOf(capacity);
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /** A result to build, of {@code scenario} on {@code model}. */
    public static Builder builder(String scenario, String model) {
        return new Builder(scenario, model);
    }

    /** A builder holding every field of this result, to change some of them. */
    public Builder toBuilder() {
        return new Builder(scenario, model).modelInfo(modelInfo).form(form).params(params).jvm(jvm)
                .rounds(forks, warmup, iterations).status(status, error).firstFailure(firstFailure).score(score).metrics(metrics)
                .bound(boundMs, efficiency, serialTaskMs).published(published).logs(logs).pinnedStacks(pinnedStacks)
                .gc(gcCollector, gcPauseMs).histograms(histograms).jmh(jmh).slo(slo).profiles(profiles).capacity(capacity)
                .engine(engine);
    }

    /** Builds a {@link Result}; the status is {@code ok} and everything else empty until set. */
    public static final class Builder {
        private final String scenario;
        private final String model;
        private Model modelInfo;
        private String form;
        private Map<String, Object> params = Map.of();
        private JvmInfo jvm;
        private int forks = 1;
        private int warmup;
        private int iterations;
        private Status status = Status.OK;
        private String error;
        private CallFailure firstFailure;
        private String score = DEFAULT_SCORE;
        private Map<String, Object> metrics = Map.of();
        private Double boundMs;
        private Double efficiency;
        private Double serialTaskMs;
        private PublishedFigure published;
        private List<String> logs = List.of();
        private List<PinnedStack> pinnedStacks;
        private String gcCollector;
        private GcPauseSummary gcPauseMs;
        private Map<String, String> histograms = Map.of();
        private JmhRun jmh;
        private SloVerdict slo;
        private List<ResultProfile> profiles = List.of();
        private List<CapacitySearch> capacity = List.of();
        private LoadEngineInfo engine;

        private Builder(String scenario, String model) {
            this.scenario = scenario;
            this.model = model;
        }

        public Builder modelInfo(Model value) {
            this.modelInfo = value;
            return this;
        }

        public Builder form(String value) {
            this.form = value;
            return this;
        }

        public Builder params(Map<String, Object> value) {
            this.params = value;
            return this;
        }

        public Builder jvm(JvmInfo value) {
            this.jvm = value;
            return this;
        }

        public Builder rounds(int forks, int warmup, int iterations) {
            this.forks = forks;
            this.warmup = warmup;
            this.iterations = iterations;
            return this;
        }

        public Builder status(Status value, String why) {
            this.status = value;
            this.error = why;
            return this;
        }

        public Builder firstFailure(CallFailure value) {
            this.firstFailure = value;
            return this;
        }

        public Builder score(String metric) {
            this.score = metric;
            return this;
        }

        public Builder metrics(Map<String, Object> value) {
            this.metrics = value;
            return this;
        }

        public Builder bound(Double bound, Double efficiencyValue, Double serialTask) {
            this.boundMs = bound;
            this.efficiency = efficiencyValue;
            this.serialTaskMs = serialTask;
            return this;
        }

        public Builder published(PublishedFigure value) {
            this.published = value;
            return this;
        }

        public Builder logs(List<String> value) {
            this.logs = value;
            return this;
        }

        public Builder pinnedStacks(List<PinnedStack> value) {
            this.pinnedStacks = value;
            return this;
        }

        public Builder gc(String collector, GcPauseSummary pauses) {
            this.gcCollector = collector;
            this.gcPauseMs = pauses;
            return this;
        }

        public Builder histograms(Map<String, String> value) {
            this.histograms = value;
            return this;
        }

        public Builder jmh(JmhRun value) {
            this.jmh = value;
            return this;
        }

        public Builder slo(SloVerdict value) {
            this.slo = value;
            return this;
        }

        public Builder profiles(List<ResultProfile> value) {
            this.profiles = value;
            return this;
        }

        public Builder capacity(List<CapacitySearch> value) {
            this.capacity = value;
            return this;
        }

        public Builder engine(LoadEngineInfo value) {
            this.engine = value;
            return this;
        }

        public Result build() {
            return new Result(CONTRACT, scenario, model, modelInfo, form, params, jvm, forks, warmup, iterations, status,
                    error, firstFailure, score, metrics, boundMs, efficiency, serialTaskMs, published, logs, pinnedStacks, gcCollector, gcPauseMs, histograms, jmh, slo,
                    profiles, capacity, engine);
        }
    }

    /**
     * The article's figure as a result carries it: a wall time in {@code wall_ms}, or, for a figure of
     * another metric, {@code wall_ms} null and the figure in {@code value} in the unit {@code metric}'s
     * name ends with (e.g. {@code switch_cost_us}).
     *
     * @param article the article's key, e.g. {@code 004} (docs/articles.md)
     * @param title   the article's title in English
     */
    @JsonPropertyOrder({"article", "title", "wall_ms", "hardware", "note", "metric", "value"})
    public record PublishedFigure(String article, String title, @JsonProperty("wall_ms") Double wallMs, String hardware,
                                  String note, @JsonInclude(JsonInclude.Include.NON_NULL) String metric,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Double value) {

        /** A published figure of {@code metric}: in {@code wall_ms} when it is a wall time. */
        public static PublishedFigure of(String article, String title, String metric, double value, String hardware,
                                         String note) {
            return DEFAULT_SCORE.equals(metric)
                    ? new PublishedFigure(article, title, value, hardware, note, null, null)
                    : new PublishedFigure(article, title, null, hardware, note, metric, value);
        }

        /** The metric the figure is of: {@code wall_ms} unless it says another. */
        public String metricName() {
            return metric == null ? DEFAULT_SCORE : metric;
        }

        /** The figure in its metric's unit. */
        public double figure() {
            return metric == null ? wallMs : value;
        }
    }
}
