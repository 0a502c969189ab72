package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.section.ResultSection;

import java.util.List;

/**
 * One {@code --prof} profiler's profile of one fork of a result, with what loomlab read from it: the
 * files (relative to the results folder), the HTML flame graphs, the top frames by self samples, and for
 * a JFR recording the virtual-thread view and its verdict.
 *
 * @param fork           the fork it profiled, from 1
 * @param profiler       the canonical spec, e.g. {@code async:cpu}
 * @param process        the JVM profiled when it is not the trial's: the server under test, e.g. {@code server MvcServer}
 * @param files          the recording(s), relative to the results folder; empty when missing or for {@code gc}
 * @param note           how the profiler ran (e.g. the sampling engine used), or null
 * @param error          why the profile is missing, or null when it is complete
 * @param flameGraphs    HTML flame graphs, relative to the results folder
 * @param topFrames      the top frames by self samples: {@code {kind, samples, frames:[{frame, self_samples, self_pct, total_pct}]}}
 * @param virtualThreads the virtual-thread view of a JFR recording (see docs/profiling.md), or null
 * @param verdict        the one line the virtual-thread view rests on, or null
 */
public record ResultProfile(int fork, String profiler, @JsonInclude(JsonInclude.Include.NON_NULL) String process,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> files,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String note,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String error,
                            @JsonProperty("flame_graphs") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> flameGraphs,
                            @JsonProperty("top_frames") @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode topFrames,
                            @JsonProperty("virtual_threads") @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode virtualThreads,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String verdict) {
    /** A result's profiles, one per fork and profiler ({@code run --prof}); left out when empty. */
    public static final ResultSection.ListOf<ResultProfile> SECTION = ResultSection.list("profiles", ResultProfile.class);

    public ResultProfile {
        files = files == null ? List.of() : List.copyOf(files);
        flameGraphs = flameGraphs == null ? List.of() : List.copyOf(flameGraphs);
    }
}
