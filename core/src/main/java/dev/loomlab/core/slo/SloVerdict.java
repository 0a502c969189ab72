package dev.loomlab.core.slo;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * Whether a result met a service level objective, as {@code results.jsonl} records it in {@code slo}.
 *
 * @param spec     the objective judged, in its canonical text, e.g. {@code p99<500ms,errors<1%}
 * @param met      true when every term held
 * @param breaches one line per term that did not hold, with the result's figure and the limit, e.g.
 *                 {@code p99 812 ms ≥ 500 ms}; empty when met
 */
@JsonPropertyOrder({"spec", "met", "breaches"})
public record SloVerdict(String spec, boolean met, List<String> breaches) {
    /** A result's verdict, left out when the result was judged against no objective. */
    public static final ResultSection.Value<SloVerdict> SECTION = ResultSection.value("slo", SloVerdict.class);

    public SloVerdict {
        breaches = breaches == null ? List.of() : List.copyOf(breaches);
    }

    /** e.g. {@code SLO p99<500ms,errors<1% breached: p99 812 ms ≥ 500 ms}, or {@code SLO p99<500ms met}. */
    public String describe() {
        return "SLO " + spec + (met ? " met" : " breached: " + String.join("; ", breaches));
    }
}
