package dev.loomlab.load.capacity;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.slo.Slo;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How long each step measures (100 requests beyond the percentile judged), and the plan's checks. */
class SearchPlanTest {
    private static SearchPlan plan(String slo) {
        return new SearchPlan(Slo.parse(slo), 1000, 100, 0.05, Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    @Test
    void aStepMeasuresOneHundredRequestsBeyondItsPercentile() {
        assertThat(plan("p99<500ms").requestsNeeded()).isEqualTo(10_000);
        assertThat(plan("p50<20ms").requestsNeeded()).isEqualTo(200);
        assertThat(plan("p90<20ms,p999<1s").requestsNeeded()).isEqualTo(100_000);
        assertThat(plan("errors<1%").requestsNeeded()).isEqualTo(1_000);
    }

    @Test
    void theMeasuredSpanIsLongEnoughForThePercentileAndNeverShorterThanAsked() {
        SearchPlan p99 = plan("p99<500ms");
        assertThat(p99.measuredSpan(1000)).isEqualTo(Duration.ofSeconds(10));
        assertThat(p99.measuredSpan(100)).isEqualTo(Duration.ofSeconds(100));
        assertThat(p99.measuredSpan(20_000)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void theDefaultTimeoutIsTenTimesTheTightestLimitWithinOneToThirtySeconds() {
        assertThat(SearchPlan.defaultTimeout(Slo.parse("p99<500ms,errors<1%"))).isEqualTo(Duration.ofSeconds(5));
        assertThat(SearchPlan.defaultTimeout(Slo.parse("p99<50ms"))).isEqualTo(Duration.ofSeconds(1));
        assertThat(SearchPlan.defaultTimeout(Slo.parse("p50<10s"))).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aPlanThatCannotRunIsBadInput() {
        Slo slo = Slo.DEFAULT;
        Duration s = Duration.ofSeconds(1);
        assertThatThrownBy(() -> new SearchPlan(slo, 100, 200, 0.05, s, s, s)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new SearchPlan(slo, 100, 10, 0, s, s, s)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new SearchPlan(slo, 100, 10, 1, s, s, s)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new SearchPlan(slo, 100, 10, 0.05, s, Duration.ZERO, s)).isInstanceOf(BadInputException.class);
    }
}
