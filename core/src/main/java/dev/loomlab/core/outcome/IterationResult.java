package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.section.Sections;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One measured iteration: what every iteration has, and what a feature adds to it as {@link Sections} (the stacks
 * at which virtual threads were pinned, the first exception a counted call threw, the capacity search the
 * iteration was …), which the result pools over every iteration of every fork.
 *
 * @param metrics          metric name → value in the unit its name ends with; null when a probe is unavailable here
 * @param latencyHistogram its task latencies as a compressed HdrHistogram in base64 (ns); null when none
 * @param span             its timed span in the trial JVM's clock; null when the workload does not time it (JMH's
 *                         own forks)
 * @param gcPauses         the garbage collector's pauses inside that span, which the parent reads from the trial's
 *                         GC log after the trial ended; null when there is no GC log (a trial run in-process) or no
 *                         span
 * @param sections         what features add to the iteration, under their field names
 */
public record IterationResult(Map<String, Double> metrics, String latencyHistogram,
                              @JsonInclude(JsonInclude.Include.NON_NULL) MeasuredSpan span,
                              @JsonProperty("gc_pauses") @JsonInclude(JsonInclude.Include.NON_NULL) List<GcPause> gcPauses,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) Sections sections) {

    public IterationResult {
        gcPauses = gcPauses == null ? null : List.copyOf(gcPauses);
        sections = sections == null ? Sections.NONE : sections;
    }

    /** An iteration of these metrics and latencies, nothing else known yet. */
    public static IterationResult of(Map<String, Double> metrics, String latencyHistogram) {
        return new IterationResult(metrics, latencyHistogram, null, null, Sections.NONE);
    }

    /** The section {@code key} names, empty when this iteration has none. */
    public <T> Optional<T> section(ResultSection.Value<T> key) {
        return sections.get(key);
    }

    /** This iteration with {@code key} set to {@code value}. */
    public <T> IterationResult with(ResultSection<T> key, T value) {
        return withSections(sections.with(key, value));
    }

    /** This iteration with {@code added} in place of any sections of the same names. */
    public IterationResult withSections(Sections added) {
        return new IterationResult(metrics, latencyHistogram, span, gcPauses, sections.with(added));
    }

    /** This iteration with its timed span. */
    public IterationResult withSpan(MeasuredSpan value) {
        return new IterationResult(metrics, latencyHistogram, value, gcPauses, sections);
    }

    /** This iteration with the GC pauses inside its span. */
    public IterationResult withGcPauses(List<GcPause> value) {
        return new IterationResult(metrics, latencyHistogram, span, value, sections);
    }

    /** This iteration with other metrics. */
    public IterationResult withMetrics(Map<String, Double> value) {
        return new IterationResult(value, latencyHistogram, span, gcPauses, sections);
    }
}
