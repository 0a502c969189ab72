package dev.loomlab.load;

import dev.loomlab.core.slo.Slo;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A run is invalid when its generator fell behind by a share of the tightest latency limit, or used up its cores. */
class GeneratorValidityTest {
    private static final Optional<Slo> P99_40MS = Optional.of(Slo.parse("p50<100ms,p99<40ms,errors<1%"));

    @Test
    void lagAtTheShareOfTheTightestLimitIsInvalidBelowItIsNot() {
        double atShare = GeneratorValidity.LAG_SHARE * 40;
        assertThat(GeneratorValidity.judge(atShare, P99_40MS, 10.0, 2)).hasValueSatisfying(why ->
                assertThat(why).contains("fell behind its schedule").contains("10 ms late").contains("40 ms latency limit"));
        assertThat(GeneratorValidity.judge(atShare * 0.99, P99_40MS, 10.0, 2)).isEmpty();
    }

    @Test
    void cpuAtTheShareOfItsCoresIsInvalidBelowItIsNot() {
        double atShare = 100 * GeneratorValidity.CPU_SHARE;
        assertThat(GeneratorValidity.judge(0.1, P99_40MS, atShare, 1)).hasValue("the generator used 90% of its 1 core (≥ 90%)");
        assertThat(GeneratorValidity.judge(0.1, P99_40MS, atShare - 0.1, 1)).isEmpty();
    }

    @Test
    void withoutALatencyLimitOrALagOnlyTheCpuJudges() {
        assertThat(GeneratorValidity.judge(1_000.0, Optional.of(Slo.parse("errors<1%")), 50.0, 2)).isEmpty();
        assertThat(GeneratorValidity.judge(1_000.0, Optional.empty(), 50.0, 2)).isEmpty();
        assertThat(GeneratorValidity.judge(null, P99_40MS, 95.0, 2)).isPresent();
        assertThat(GeneratorValidity.judge(null, P99_40MS, null, 2)).isEmpty();
    }

    @Test
    void aRateAboveTheGeneratorsOwnCeilingIsInvalidAtOrBelowItIsNot() {
        assertThat(GeneratorValidity.aboveCeiling(20_000, 15_000.0)).hasValue("the generator was asked for 20000/s, above"
                + " its own ceiling of 15000/s on this machine (measured before the run, against a server that does nothing)");
        assertThat(GeneratorValidity.aboveCeiling(15_000, 15_000.0)).isEmpty();
        assertThat(GeneratorValidity.aboveCeiling(20_000, null)).isEmpty();
    }
}
