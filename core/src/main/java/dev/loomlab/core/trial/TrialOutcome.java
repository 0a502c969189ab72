package dev.loomlab.core.trial;

import dev.loomlab.core.result.JmhRun;

import java.util.List;

/**
 * What a trial returns to the parent: status {@code ok}, {@code invalid} (validation failed),
 * {@code failed} (crash, timeout, OOM, exception) or {@code not_applicable}; the bound it computed;
 * the measured iterations.
 *
 * @param boundMs the scenario's bound for this trial in ms, NaN when none
 * @param serialTaskMs one task's CPU part alone on one thread in ms, NaN when not measured
 * @param jmh what JMH reported, when a JMH benchmark measured the trial; else null
 */
public record TrialOutcome(String status, String error, JvmInfo jvm, Double boundMs, Double serialTaskMs,
                           List<IterationResult> iterations, JmhRun jmh) {
    public static final String OK = "ok";
    public static final String INVALID = "invalid";
    public static final String FAILED = "failed";
    public static final String NOT_APPLICABLE = "not_applicable";

    /** An outcome JMH did not measure. */
    public TrialOutcome(String status, String error, JvmInfo jvm, Double boundMs, Double serialTaskMs,
                        List<IterationResult> iterations) {
        this(status, error, jvm, boundMs, serialTaskMs, iterations, null);
    }

    public static TrialOutcome failed(String error, JvmInfo jvm) {
        return new TrialOutcome(FAILED, error, jvm, null, null, List.of());
    }
}
