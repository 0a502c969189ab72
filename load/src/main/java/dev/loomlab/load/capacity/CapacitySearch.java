package dev.loomlab.load.capacity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * What one capacity search found: the highest open-model rate that met the objective, the bracket the
 * bisection closed around it, the generator's own ceiling, and every step it measured (the latency curve).
 *
 * @param slo               the objective each step was judged against, e.g. {@code p99<500ms,errors<1%}
 * @param precisionPct      the search stopped once the bracket was at most this wide, % of its low end
 * @param startRatePerS     the first (lowest) rate tried, requests per second
 * @param maxRatePerS       the sustainable rate: what the target answered per second at the highest offered rate
 *                          that passed (never more than that offered rate); null when no step passed
 * @param highestPassingPerS the highest offered rate that passed (the bracket's low end); null when none passed
 * @param firstFailingPerS  the lowest offered rate that failed above it (the bracket's high end); null when none failed
 * @param generatorCeilingPerS the highest rate the generator sustained against a server that does nothing,
 *                          on this machine, measured when a step first wanted 5,000/s or more; the search tried no
 *                          rate above it; null when no step wanted that much
 * @param generatorBound    true when the search could not find the target's limit below the generator's:
 *                          the sustainable rate is then "at least" {@code maxRatePerS}
 * @param steps             every measured step, in the order run
 * @param stopped           why the search stopped before its precision: a step whose generator could not be trusted
 *                          ({@link CapacityStep#invalid}), at its rate; null when it ran to the end
 * @param kneeCause         what ran out at the knee ({@link KneeClassifier}); null where nothing is judged (the
 *                          generator's own ceiling)
 */
@JsonPropertyOrder({"slo", "max_rate_per_s", "highest_passing_per_s", "first_failing_per_s", "generator_bound", "generator_ceiling_per_s",
        "precision_pct", "start_rate_per_s", "stopped", "knee_cause", "steps"})
public record CapacitySearch(String slo, @JsonProperty("precision_pct") double precisionPct,
                             @JsonProperty("start_rate_per_s") double startRatePerS,
                             @JsonProperty("max_rate_per_s") Double maxRatePerS,
                             @JsonProperty("highest_passing_per_s") Double highestPassingPerS,
                             @JsonProperty("first_failing_per_s") Double firstFailingPerS,
                             @JsonProperty("generator_ceiling_per_s") Double generatorCeilingPerS,
                             @JsonProperty("generator_bound") boolean generatorBound,
                             List<CapacityStep> steps,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String stopped,
                             @JsonProperty("knee_cause") @JsonInclude(JsonInclude.Include.NON_NULL) KneeCause kneeCause) {
    /**
     * A result's searches, fork by fork ({@code load --find-max}, {@code web -p rate=max}); an iteration that was a
     * search holds its one. Left out when empty.
     */
    public static final ResultSection.ListOf<CapacitySearch> SECTION = ResultSection.list("capacity", CapacitySearch.class);

    public CapacitySearch {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /** A search that ran to its end, its knee not named. */
    public CapacitySearch(String slo, double precisionPct, double startRatePerS, Double maxRatePerS, Double highestPassingPerS,
                          Double firstFailingPerS, Double generatorCeilingPerS, boolean generatorBound, List<CapacityStep> steps) {
        this(slo, precisionPct, startRatePerS, maxRatePerS, highestPassingPerS, firstFailingPerS, generatorCeilingPerS,
                generatorBound, steps, null, null);
    }

    /** Why a search with no answer stopped early: {@code the search stopped at 1,000/s: …, before any rate passed}; else null. */
    public String stoppedWithoutAnswer() {
        return found() || stopped == null ? null : "the search stopped " + stopped + ", before any rate passed";
    }

    /** True when some step passed: the search has an answer. */
    public boolean found() {
        return maxRatePerS != null;
    }
}
