package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.section.Sections;


import java.util.List;
import java.util.Optional;

/**
 * What a trial returns to the parent: its {@link Status}, why it is not ok, the bound it computed and
 * the measured iterations.
 *
 * @param form         the form the workload ran in on this model (e.g. {@code blocking}); null when it did not run
 * @param boundMs      the scenario's bound for this trial in ms; null when none
 * @param serialTaskMs one task's CPU part alone on one thread in ms; null when not measured
 * @param sections     what a feature adds to the whole trial (JMH's own figures …), under their field names
 * @param gcCollector  the garbage collector the trial JVM's GC log names (e.g. {@code G1}); null without a GC log
 * @param profiles     what each {@code --prof} profiler of the trial recorded (its files, or why it is missing)
 */
public record TrialOutcome(Status status, String error, JvmInfo jvm, @JsonInclude(JsonInclude.Include.NON_NULL) String form,
                           Double boundMs, Double serialTaskMs, List<IterationResult> iterations,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) Sections sections,
                           @JsonProperty("gc_collector") @JsonInclude(JsonInclude.Include.NON_NULL) String gcCollector,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProfileRecord> profiles) {

    public TrialOutcome {
        iterations = iterations == null ? List.of() : List.copyOf(iterations);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        sections = sections == null ? Sections.NONE : sections;
    }

    /** The section {@code key} names, empty when this outcome has none. */
    public <T> Optional<T> section(ResultSection.Value<T> key) {
        return sections.get(key);
    }

    /** This outcome with the profiles its trial recorded. */
    public TrialOutcome withProfiles(List<ProfileRecord> recorded) {
        return new TrialOutcome(status, error, jvm, form, boundMs, serialTaskMs, iterations, sections, gcCollector, recorded);
    }

    /** This outcome with what its GC log told: the collector (null: none) and each iteration with its pauses. */
    public TrialOutcome withGc(String collector, List<IterationResult> measured) {
        return new TrialOutcome(status, error, jvm, form, boundMs, serialTaskMs, measured, sections, collector, profiles);
    }

    /** This outcome with {@code key} set to {@code value}. */
    public <T> TrialOutcome with(ResultSection<T> key, T value) {
        return new TrialOutcome(status, error, jvm, form, boundMs, serialTaskMs, iterations, sections.with(key, value),
                gcCollector, profiles);
    }

    /** This outcome with another error (the same status). */
    public TrialOutcome withError(String value) {
        return new TrialOutcome(status, value, jvm, form, boundMs, serialTaskMs, iterations, sections, gcCollector, profiles);
    }

    public static TrialOutcome failed(String error, JvmInfo jvm) {
        return new TrialOutcome(Status.FAILED, error, jvm, null, null, null, List.of(), Sections.NONE, null, List.of());
    }

    public static TrialOutcome notApplicable(String reason, JvmInfo jvm) {
        return new TrialOutcome(Status.NOT_APPLICABLE, reason, jvm, null, null, null, List.of(), Sections.NONE, null, List.of());
    }

    /** Measured and validated iterations of a trial that ran in {@code form}. */
    public static TrialOutcome ok(JvmInfo jvm, String form, Double boundMs, Double serialTaskMs,
                                  List<IterationResult> iterations) {
        return new TrialOutcome(Status.OK, null, jvm, form, boundMs, serialTaskMs, iterations, Sections.NONE, null, List.of());
    }

    /** An iteration's output was wrong: the iterations measured before it are kept. */
    public static TrialOutcome invalid(String error, JvmInfo jvm, String form, Double serialTaskMs,
                                       List<IterationResult> iterations) {
        return new TrialOutcome(Status.INVALID, error, jvm, form, null, serialTaskMs, iterations, Sections.NONE, null, List.of());
    }
}
