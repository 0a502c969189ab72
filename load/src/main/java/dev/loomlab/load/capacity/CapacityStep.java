package dev.loomlab.load.capacity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * One measured step of a capacity search: an open-model load at {@code ratePerS} for a warm-up and a
 * measured span, the figures it is judged on, and the verdict. A step measured again because its first
 * verdict lay within noise is a step of its own, with the same rate.
 *
 * @param ratePerS         the offered rate, requests per second
 * @param throughputPerS   successful answers per second of the measured span
 * @param requests         requests intended in the measured span
 * @param errorsPct        failed requests, % of {@code requests}
 * @param p50Ms            latency percentiles from the intended send time (coordinated omission corrected), ms;
 *                         null when no request succeeded
 * @param generatorLagP99Ms how late the generator itself sent (schedule to write, leaving out waits for a
 *                         connection), 99th percentile, ms
 * @param measuredS        the measured span, seconds
 * @param passed           true when the step met the objective and kept up with the offered rate
 * @param marginal         true when a judged figure lay within noise of its limit (such a step is repeated)
 * @param generatorLate    true when the generator's own lateness, not the target, can explain a failure
 * @param reasons          why it failed (each breach, or the rate it could not keep up with); empty when it passed
 */
@JsonPropertyOrder({"rate_per_s", "passed", "reasons", "throughput_per_s", "requests", "errors_pct", "p50_ms", "p90_ms",
        "p99_ms", "p999_ms", "max_ms", "generator_lag_p99_ms", "measured_s", "marginal", "generator_late"})
public record CapacityStep(@JsonProperty("rate_per_s") double ratePerS, boolean passed, List<String> reasons,
                           @JsonProperty("throughput_per_s") double throughputPerS, long requests,
                           @JsonProperty("errors_pct") double errorsPct,
                           @JsonProperty("p50_ms") Double p50Ms, @JsonProperty("p90_ms") Double p90Ms,
                           @JsonProperty("p99_ms") Double p99Ms, @JsonProperty("p999_ms") Double p999Ms,
                           @JsonProperty("max_ms") Double maxMs,
                           @JsonProperty("generator_lag_p99_ms") Double generatorLagP99Ms,
                           @JsonProperty("measured_s") double measuredS, boolean marginal,
                           @JsonProperty("generator_late") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean generatorLate) {

    public CapacityStep {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }
}
