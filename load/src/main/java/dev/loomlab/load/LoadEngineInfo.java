package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * The load engine that produced a load result when it is not loomlab's own generator (a result without one
 * was produced by loomlab's): its name and version, what its latency means, and for a distributed run every
 * remote engine with its share of the load and its counts.
 *
 * @param name    e.g. {@code jmeter}
 * @param version e.g. {@code 5.6.3}
 * @param latency where the engine's latencies start and whether they are corrected for coordinated omission
 * @param remotes the remote engines that ran the load, in the order given; empty (and left out) for a run on this machine
 */
@JsonPropertyOrder({"name", "version", "latency", "remotes"})
public record LoadEngineInfo(String name, String version, String latency,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Remote> remotes) {
    /** The engine of a load result; left out for loomlab's own generator. */
    public static final ResultSection.Value<LoadEngineInfo> SECTION = ResultSection.value("engine", LoadEngineInfo.class);

    public LoadEngineInfo {
        remotes = remotes == null ? List.of() : List.copyOf(remotes);
    }

    /**
     * One remote engine's part of a distributed run.
     *
     * @param address  {@code host:port} of its RMI registry
     * @param users    closed model: the users it ran; null for the open model
     * @param ratePerS open model: the requests per second it ran; null for the closed model
     * @param requests requests of the measured span it sent
     * @param ok       of those, answered ok
     */
    @JsonPropertyOrder({"address", "users", "rate_per_s", "requests", "ok"})
    public record Remote(String address, @JsonInclude(JsonInclude.Include.NON_NULL) Integer users,
                         @JsonProperty("rate_per_s") @JsonInclude(JsonInclude.Include.NON_NULL) Double ratePerS,
                         long requests, long ok) {
    }
}
