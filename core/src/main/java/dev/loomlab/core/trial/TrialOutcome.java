package dev.loomlab.core.trial;

import java.util.List;

/**
 * What a trial returns to the parent: status {@code ok}, {@code invalid} (validation failed),
 * {@code failed} (crash, timeout, OOM, exception) or {@code not_applicable}; the bound it computed;
 * the measured iterations.
 *
 * @param boundMs the scenario's bound for this trial in ms, NaN when none
 * @param serialTaskMs one task's CPU part alone on one thread in ms, NaN when not measured
 */
public record TrialOutcome(String status, String error, JvmInfo jvm, Double boundMs, Double serialTaskMs,
                           List<IterationResult> iterations) {
    public static final String OK = "ok";
    public static final String INVALID = "invalid";
    public static final String FAILED = "failed";
    public static final String NOT_APPLICABLE = "not_applicable";

    public static TrialOutcome failed(String error, JvmInfo jvm) {
        return new TrialOutcome(FAILED, error, jvm, null, null, List.of());
    }
}
