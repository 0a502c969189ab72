package dev.loomlab.core.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.GcPause.Kind;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GcPauseSummaryTest {

    @Test
    void percentilesByNearestRankAndFiguresPerKind() {
        // 100 young pauses of 1..100 ms and one full pause of 500 ms: 101 pauses.
        List<GcPause> pauses = new ArrayList<>();
        for (int ms = 1; ms <= 100; ms++) {
            pauses.add(new GcPause(ms, Kind.YOUNG, ms));
        }
        pauses.add(new GcPause(101, Kind.FULL, 500));
        GcPauseSummary s = GcPauseSummary.of(pauses);
        assertThat(s.count()).isEqualTo(101);
        // Nearest rank: p50 is the ceil(0.5 × 101) = 51st smallest, p99 the ceil(0.99 × 101) = 100th.
        assertThat(s.p50()).isEqualTo(51.0);
        assertThat(s.p99()).isEqualTo(100.0);
        assertThat(s.max()).isEqualTo(500.0);
        assertThat(s.total()).isEqualTo(5050.0 + 500.0);
        assertThat(s.kinds()).containsOnlyKeys("young", "full");
        assertThat(s.kind(Kind.YOUNG)).isEqualTo(new GcPauseSummary.Kind(100, 100.0, 5050.0));
        assertThat(s.kind(Kind.FULL)).isEqualTo(new GcPauseSummary.Kind(1, 500.0, 500.0));
        assertThat(s.kind(Kind.MIXED)).isNull();
    }

    @Test
    void noPauseIsACountOfZeroWithoutPercentiles() throws Exception {
        GcPauseSummary s = GcPauseSummary.of(List.of());
        JsonNode json = Json.mapper().readTree(Json.mapper().writeValueAsString(s));
        assertThat(json.get("count").asInt()).isZero();
        assertThat(json.get("p50").isNull()).isTrue();
        assertThat(json.get("max").isNull()).isTrue();
        assertThat(json.get("total").asDouble()).isZero();
        assertThat(json.get("kinds").size()).isZero();
        assertThat(Json.mapper().treeToValue(json, GcPauseSummary.class)).isEqualTo(s);
    }
}
