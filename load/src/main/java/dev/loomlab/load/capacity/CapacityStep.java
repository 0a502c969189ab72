package dev.loomlab.load.capacity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.load.service.ServiceFigures;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 *                         connection; schedule to queue for a request that found none free), 99th percentile, ms
 * @param measuredS        the measured span, seconds
 * @param passed           true when the step met the objective and kept up with the offered rate
 * @param marginal         true when a judged figure lay within noise of its limit (such a step is repeated)
 * @param generatorLate    true when the generator's own lateness, not the target, can explain a failure
 * @param reasons          why it failed (each breach, or the rate it could not keep up with); empty when it passed
 * @param invalid          why the step cannot be trusted ({@link dev.loomlab.load.GeneratorValidity}): it is then
 *                         neither passed nor failed, whatever its figures, and {@code passed} is false; null when it can
 * @param generatorCpuPct  the generator's JVM's CPU over the measured span, % of the cores it may use; null when not read
 * @param errorKinds       failed requests by kind ({@code connect}, {@code timeout}, {@code reset} …), those that occurred
 * @param connections      the most connections the step opened
 * @param queuedRequests   measured requests that waited for one of them (none idle, all open)
 * @param p50FromSendMs    the median latency from the actual send (not corrected: what the target itself took, once a
 *                         connection carried the request), ms; null when no request succeeded
 * @param service          what was read of the service over the measured span; null when nothing was
 */
@JsonPropertyOrder({"rate_per_s", "passed", "invalid", "reasons", "throughput_per_s", "requests", "errors_pct", "error_kinds",
        "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "generator_lag_p99_ms", "generator_cpu_pct", "connections", "queued_requests",
        "p50_from_send_ms", "measured_s", "marginal", "generator_late", "service"})
public record CapacityStep(@JsonProperty("rate_per_s") double ratePerS, boolean passed, List<String> reasons,
                           @JsonProperty("throughput_per_s") double throughputPerS, long requests,
                           @JsonProperty("errors_pct") double errorsPct,
                           @JsonProperty("p50_ms") Double p50Ms, @JsonProperty("p90_ms") Double p90Ms,
                           @JsonProperty("p99_ms") Double p99Ms, @JsonProperty("p999_ms") Double p999Ms,
                           @JsonProperty("max_ms") Double maxMs,
                           @JsonProperty("generator_lag_p99_ms") Double generatorLagP99Ms,
                           @JsonProperty("measured_s") double measuredS, boolean marginal,
                           @JsonProperty("generator_late") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean generatorLate,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String invalid,
                           @JsonProperty("generator_cpu_pct") @JsonInclude(JsonInclude.Include.NON_NULL) Double generatorCpuPct,
                           @JsonProperty("error_kinds") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> errorKinds,
                           @JsonInclude(JsonInclude.Include.NON_DEFAULT) int connections,
                           @JsonProperty("queued_requests") @JsonInclude(JsonInclude.Include.NON_DEFAULT) long queuedRequests,
                           @JsonProperty("p50_from_send_ms") @JsonInclude(JsonInclude.Include.NON_NULL) Double p50FromSendMs,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ServiceFigures service) {

    public CapacityStep {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        errorKinds = errorKinds == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(errorKinds));
    }

    /** A step with nothing read beside the load's own report: valid, no errors by kind, nothing of the service. */
    public CapacityStep(double ratePerS, boolean passed, List<String> reasons, double throughputPerS, long requests,
                        double errorsPct, Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs,
                        Double generatorLagP99Ms, double measuredS, boolean marginal, boolean generatorLate) {
        this(ratePerS, passed, reasons, throughputPerS, requests, errorsPct, p50Ms, p90Ms, p99Ms, p999Ms, maxMs, generatorLagP99Ms,
                measuredS, marginal, generatorLate, null, null, Map.of(), 0, 0, null, null);
    }

    /** True when the step can be trusted, so it passed or failed; false when it is {@link #invalid}, neither. */
    public boolean judged() {
        return invalid == null;
    }
}
