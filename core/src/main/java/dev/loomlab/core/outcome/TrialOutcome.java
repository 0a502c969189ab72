package dev.loomlab.core.outcome;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;


import java.util.List;

/**
 * What a trial returns to the parent: its {@link Status}, why it is not ok, the bound it computed and
 * the measured iterations.
 *
 * @param form         the form the workload ran in on this model (e.g. {@code blocking}); null when it did not run
 * @param boundMs      the scenario's bound for this trial in ms; null when none
 * @param serialTaskMs one task's CPU part alone on one thread in ms; null when not measured
 * @param jmh          what JMH reported, when a JMH benchmark measured the trial; else null
 * @param gcCollector  the garbage collector the trial JVM's GC log names (e.g. {@code G1}); null without a GC log
 * @param profiles     what each {@code --prof} profiler of the trial recorded (its files, or why it is missing)
 */
public record TrialOutcome(Status status, String error, JvmInfo jvm, @JsonInclude(JsonInclude.Include.NON_NULL) String form,
                           Double boundMs, Double serialTaskMs, List<IterationResult> iterations, JmhRun jmh,
                           @JsonProperty("gc_collector") @JsonInclude(JsonInclude.Include.NON_NULL) String gcCollector,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProfileRecord> profiles) {

    public TrialOutcome {
        iterations = iterations == null ? List.of() : List.copyOf(iterations);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /** An outcome without profiles. */
    public TrialOutcome(Status status, String error, JvmInfo jvm, String form, Double boundMs, Double serialTaskMs,
                        List<IterationResult> iterations, JmhRun jmh, String gcCollector) {
        this(status, error, jvm, form, boundMs, serialTaskMs, iterations, jmh, gcCollector, List.of());
    }

    /** This outcome with the profiles its trial recorded. */
    public TrialOutcome withProfiles(List<ProfileRecord> recorded) {
        return new TrialOutcome(status, error, jvm, form, boundMs, serialTaskMs, iterations, jmh, gcCollector, recorded);
    }

    /** An outcome read without a GC log. */
    public TrialOutcome(Status status, String error, JvmInfo jvm, String form, Double boundMs, Double serialTaskMs,
                        List<IterationResult> iterations, JmhRun jmh) {
        this(status, error, jvm, form, boundMs, serialTaskMs, iterations, jmh, null);
    }

    /** This outcome with what its GC log told: the collector and each iteration with its pauses. */
    public TrialOutcome withGc(String collector, List<IterationResult> measured) {
        return new TrialOutcome(status, error, jvm, form, boundMs, serialTaskMs, measured, jmh, collector, profiles);
    }

    public static TrialOutcome failed(String error, JvmInfo jvm) {
        return new TrialOutcome(Status.FAILED, error, jvm, null, null, null, List.of(), null);
    }

    public static TrialOutcome notApplicable(String reason, JvmInfo jvm) {
        return new TrialOutcome(Status.NOT_APPLICABLE, reason, jvm, null, null, null, List.of(), null);
    }

    /** Measured and validated iterations of a trial that ran in {@code form}. */
    public static TrialOutcome ok(JvmInfo jvm, String form, Double boundMs, Double serialTaskMs,
                                  List<IterationResult> iterations, JmhRun jmh) {
        return new TrialOutcome(Status.OK, null, jvm, form, boundMs, serialTaskMs, iterations, jmh);
    }

    /** An iteration's output was wrong: the iterations measured before it are kept. */
    public static TrialOutcome invalid(String error, JvmInfo jvm, String form, Double serialTaskMs,
                                       List<IterationResult> iterations) {
        return new TrialOutcome(Status.INVALID, error, jvm, form, null, serialTaskMs, iterations, null);
    }
}
