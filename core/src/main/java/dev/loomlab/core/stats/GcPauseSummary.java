package dev.loomlab.core.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.outcome.GcPause;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The garbage collector's stop-the-world pauses of a result's measured iterations, over every fork, in ms:
 * how many, their 50th and 99th percentiles (nearest rank: the smallest pause at least that share of the
 * pauses does not exceed), the longest and their sum; and per {@link GcPause.Kind} that occurred, how many,
 * the longest and the sum. The percentiles and the maximum are null when there was no pause.
 *
 * @param kinds kind ({@code young}, {@code mixed}, {@code full}, {@code other}) → its figures, in that order;
 *              only the kinds that occurred
 */
@JsonPropertyOrder({"count", "p50", "p99", "max", "total", "kinds"})
public record GcPauseSummary(int count, Double p50, Double p99, Double max, double total, Map<String, Kind> kinds) {

    public GcPauseSummary {
        kinds = kinds == null ? Map.of() : kinds;
    }

    /** One kind's pauses: how many, the longest and the sum, ms. */
    @JsonPropertyOrder({"count", "max", "total"})
    public record Kind(int count, double max, double total) {
    }

    public static GcPauseSummary of(List<GcPause> pauses) {
        double[] ms = pauses.stream().mapToDouble(GcPause::ms).sorted().toArray();
        Map<String, Kind> kinds = new LinkedHashMap<>();
        for (GcPause.Kind kind : GcPause.Kind.values()) {
            double[] of = pauses.stream().filter(p -> p.kind() == kind).mapToDouble(GcPause::ms).toArray();
            if (of.length > 0) {
                kinds.put(kind.json(), new Kind(of.length, Arrays.stream(of).max().orElseThrow(), Arrays.stream(of).sum()));
            }
        }
        return new GcPauseSummary(ms.length, rank(ms, 50), rank(ms, 99), ms.length == 0 ? null : ms[ms.length - 1],
                Arrays.stream(ms).sum(), kinds);
    }

    /** The {@code percent}th percentile of sorted values by nearest rank; null of none. */
    private static Double rank(double[] sorted, double percent) {
        return sorted.length == 0 ? null : NearestRank.of(sorted, percent);
    }

    /** The pauses of {@code kind}, or null when none occurred. */
    public Kind kind(GcPause.Kind kind) {
        return kinds.get(kind.json());
    }
}
