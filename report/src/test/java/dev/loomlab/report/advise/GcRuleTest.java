package dev.loomlab.report.advise;

import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.GcPause.Kind;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.GcPauseSummary;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class GcRuleTest {
    private static final Map<String, Object> PARAMS = Fixtures.params("tasks", 10000, "sleep", "1ms");
    /** Four measured iterations of 500 ms: 2 s in which the pauses were counted. */
    private static final double[] WALL = {500, 500, 500, 500};

    /** A sleep result on G1 with a peak heap of 40 MB, these pauses and this allocation rate (MB/s, every iteration). */
    private static Result result(String model, List<GcPause> pauses, double allocationMbPerS) {
        Result r = Fixtures.ok("sleep", model, PARAMS, Fixtures.JDK25, WALL, 10000, 1.0, 40, null, null);
        r = Fixtures.with(r, "allocation_rate_mb_per_s", allocationMbPerS, allocationMbPerS, allocationMbPerS, allocationMbPerS);
        return r.toBuilder().section(GcSections.COLLECTOR, "G1").section(GcSections.PAUSE_MS, GcPauseSummary.of(pauses)).build();
    }

    private static List<GcPause> pauses(Kind kind, int count, double ms) {
        List<GcPause> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new GcPause(i, kind, ms));
        }
        return out;
    }

    private static List<Advice> advice(Result... results) {
        return Advisor.advise(List.of(results)).stream().filter(a -> a.topic().equals(GcRule.TOPIC)).toList();
    }

    @Test
    void manyYoungPausesAndAHighAllocationRateAreEdenPressure() {
        // 40 young pauses of 2 ms in 2 s: 20 a second, 80 ms, 4% of the time; 800 MB/s.
        List<Advice> advice = advice(result("virtual", pauses(Kind.YOUNG, 40, 2.0), 800));
        assertThat(advice).hasSize(1);
        assertThat(advice.get(0).recommendation()).startsWith("Eden fills fast: virtual allocates enough to stop for a young collection 5 times a second or more.");
        assertThat(advice.get(0).evidence()).containsExactly(
                "virtual: 40 young pauses in 2.00 s of measured iterations (20.0/s, 80.0 ms in all, 4.00% of the time), "
                        + "allocating 800 MB/s (median); G1");
    }

    @Test
    void mixedPausesCollectTheYoungGenerationToo() {
        List<GcPause> pauses = new ArrayList<>(pauses(Kind.YOUNG, 6, 1.0));
        pauses.addAll(pauses(Kind.MIXED, 4, 3.0));
        // 10 pauses in 2 s: 5 a second, exactly the threshold.
        assertThat(advice(result("virtual", pauses, 100)).get(0).evidence())
                .containsExactly("virtual: 10 young pauses in 2.00 s of measured iterations (5.00/s, 18.0 ms in all, 0.900% of the time), "
                        + "allocating 100 MB/s (median); G1");
    }

    @Test
    void fewYoungPausesOrALowAllocationRateSayNothing() {
        // 9 pauses in 2 s (4.5 a second) at 800 MB/s; 40 pauses at 99 MB/s.
        assertThat(advice(result("virtual", pauses(Kind.YOUNG, 9, 2.0), 800))).isEmpty();
        assertThat(advice(result("virtual", pauses(Kind.YOUNG, 40, 2.0), 99))).isEmpty();
    }

    @Test
    void aFullPauseIsOldGenerationPressure() {
        List<GcPause> pauses = new ArrayList<>(pauses(Kind.YOUNG, 3, 1.0));
        pauses.add(new GcPause(10, Kind.FULL, 120));
        pauses.add(new GcPause(11, Kind.FULL, 60));
        List<Advice> advice = advice(result("platform:10", pauses, 20), result("virtual", pauses(Kind.YOUNG, 2, 1.0), 20));
        assertThat(advice).hasSize(1);
        assertThat(advice.get(0).recommendation()).startsWith("The old generation runs out of room: platform:10 stopped for full collections")
                .contains("give it more (-Xmx)");
        // 180 ms of 2 s is 9%.
        assertThat(advice.get(0).evidence()).containsExactly(
                "platform:10: 2 full pauses, the longest 120 ms, 180 ms in all (9.00% of 2.00 s measured); peak heap 40.0 MB (median); G1");
    }

    @Test
    void resultsWithoutGcFiguresSayNothing() {
        Result inProcess = Fixtures.with(Fixtures.ok("sleep", "virtual", PARAMS, Fixtures.JDK25, WALL, 10000, 1.0, 40, null, null),
                "allocation_rate_mb_per_s", 900, 900, 900, 900);
        assertThat(inProcess.section(GcSections.PAUSE_MS)).isEmpty();
        assertThat(advice(inProcess)).isEmpty();
    }
}
