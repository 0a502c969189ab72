package dev.loomlab.core.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.section.Sections;
import dev.loomlab.core.stats.Metric;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One scenario × model × parameters × JVM, all forks' measured iterations pooled: the line
 * {@code results.jsonl} holds for it (docs/results.md). Built by {@link #builder}. The record holds what every
 * result has; what a feature adds (a capacity search, an SLO verdict, JMH's figures …) is a section, declared by
 * the module that owns the feature ({@link ResultSection}) and read with {@link #section}. The bound, efficiency and
 * published figure stay here: every scenario has a bound (or says it has none) and may have an article's figure,
 * and the main table shows them for every result.
 *
 * @param contract     the version of this JSON contract ({@value #CONTRACT})
 * @param modelInfo    the model as a value: kind, size, threads, concurrency; null when the name is not
 *                     a model here (a result read from an older file)
 * @param form         the form the workload ran in on this model, e.g. {@code blocking}; null unless it ran
 * @param params       parameter name → value (numbers for counts, text such as {@code 300ms} for durations)
 * @param forks        forked JVMs; 0 means the trial ran inside the CLI's JVM (tests and debugging only)
 * @param error        why it is not ok (with the tail of the trial log for a failed fork), else null
 * @param score        the name of the metric that is this result's score (e.g. {@code wall_ms})
 * @param metrics      metric name → {@link dev.loomlab.core.stats.Summary} or, for task latency,
 *                     {@link dev.loomlab.core.stats.LatencySummary}; empty unless ok; a null value is a
 *                     probe unavailable on this system
 * @param boundMs      the best time physics allows for one iteration, ms; null when there is none
 * @param efficiency   bound / mean wall time; null without a bound
 * @param serialTaskMs one task's CPU part alone on one thread, ms (what a CPU bound rests on); else null
 * @param published    the article's figure for this model and parameters, or null
 * @param logs         the trial logs, relative to the results folder
 * @param histograms   metric name → every measured iteration's values merged into one HdrHistogram, as
 *                     {@link dev.loomlab.core.stats.HistogramCodec} writes it, values in ns (today
 *                     {@code task_latency_ms}); empty when none was recorded
 * @param sections     what features added, each under its own field name ({@link ResultJson} writes them among
 *                     the fields above, in the contract's order)
 */
@JsonPropertyOrder({"contract", "scenario", "model", "model_info", "form", "params", "jvm", "forks", "warmup", "iterations",
        "status", "error", "score", "metrics", "bound_ms", "efficiency", "serial_task_ms", "published", "logs", "histograms"})
public record Result(int contract, String scenario, String model, @JsonProperty("model_info") Model modelInfo,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String form, Map<String, Object> params, JvmInfo jvm,
                     int forks, int warmup, int iterations, Status status, String error, String score,
                     Map<String, Object> metrics, @JsonProperty("bound_ms") Double boundMs, Double efficiency,
                     @JsonProperty("serial_task_ms") Double serialTaskMs, PublishedFigure published, List<String> logs,
                     Map<String, String> histograms, @JsonIgnore Sections sections) {
    /**
     * The contract this version writes: 2 added contract, model_info, form, score and published.article
     * (later additions such as gc_pause_ms and slo are additive and keep it).
     */
    public static final int CONTRACT = 2;
    /** The score of a result whose scenario names none. */
    public static final String DEFAULT_SCORE = Metric.WALL_MS.name();

    public Result {
        params = params == null ? Map.of() : params;
        metrics = metrics == null ? Map.of() : metrics;
        logs = logs == null ? List.of() : logs;
        histograms = histograms == null ? Map.of() : histograms;
        score = score == null ? DEFAULT_SCORE : score;
        sections = sections == null ? Sections.NONE : sections;
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /** The section {@code key} names, empty when this result has none. */
    public <T> Optional<T> section(ResultSection.Value<T> key) {
        return sections.get(key);
    }

    /** The list section {@code key} names, empty when this result has none. */
    public <E> List<E> section(ResultSection.ListOf<E> key) {
        return sections.get(key);
    }

    /** A result to build, of {@code scenario} on {@code model}. */
    public static Builder builder(String scenario, String model) {
        return new Builder(scenario, model);
    }

    /** A builder holding every field of this result, to change some of them. */
    public Builder toBuilder() {
        return new Builder(scenario, model).modelInfo(modelInfo).form(form).params(params).jvm(jvm)
                .rounds(forks, warmup, iterations).status(status, error).score(score).metrics(metrics)
                .bound(boundMs, efficiency, serialTaskMs).published(published).logs(logs).histograms(histograms)
                .sections(sections);
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
        private String score = DEFAULT_SCORE;
        private Map<String, Object> metrics = Map.of();
        private Double boundMs;
        private Double efficiency;
        private Double serialTaskMs;
        private PublishedFigure published;
        private List<String> logs = List.of();
        private Map<String, String> histograms = Map.of();
        private Sections sections = Sections.NONE;

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

        public Builder histograms(Map<String, String> value) {
            this.histograms = value;
            return this;
        }

        /** Sets the section {@code key} to {@code value}, in place of any it held (none: see {@link Sections#with}). */
        public <T> Builder section(ResultSection<T> key, T value) {
            this.sections = sections.with(key, value);
            return this;
        }

        /** Sets every section of {@code value}, in place of any of the same name. */
        public Builder sections(Sections value) {
            this.sections = sections.with(value);
            return this;
        }

        public Result build() {
            return new Result(CONTRACT, scenario, model, modelInfo, form, params, jvm, forks, warmup, iterations, status,
                    error, score, metrics, boundMs, efficiency, serialTaskMs, published, logs, histograms, sections);
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
