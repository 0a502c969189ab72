package dev.loomlab.load;

import dev.loomlab.core.outcome.LiveSample;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A load's progress becomes its golden signals: totals so far, and the percentiles of the answers since the last progress only. */
class HttpLiveTest {
    private static final long TEN_MS = 10_000_000L;
    private static final long TWO_HUNDRED_MS = 200_000_000L;

    private static LoadProgress progress(long ok, long timeouts, Histogram latency) {
        Map<RequestError, Long> errors = new EnumMap<>(RequestError.class);
        for (RequestError e : RequestError.values()) {
            errors.put(e, e == RequestError.TIMEOUT ? timeouts : 0L);
        }
        return new LoadProgress(1_000_000_000L, "measuring", ok + timeouts, ok, timeouts, 0, errors, latency);
    }

    @Test
    void percentilesAreOfTheAnswersSinceTheLastProgressAndTotalsAreCumulative() {
        HttpLive live = new HttpLive(3);
        Histogram h = new Histogram(3);
        h.recordValueWithCount(TEN_MS, 300);
        LiveSample.Http first = live.next(progress(300, 1, h.copy()));
        assertThat(first.run()).isEqualTo(3);
        assertThat(first.ok()).isEqualTo(300);
        assertThat(first.errors()).containsEntry("timeout", 1L).containsEntry("connect", 0L).hasSize(RequestError.values().length);
        assertThat(first.p50()).isCloseTo(0.010, within(0.010 * 1e-3));

        h.recordValueWithCount(TWO_HUNDRED_MS, 100);
        LiveSample.Http second = live.next(progress(400, 4, h.copy()));
        assertThat(second.ok()).isEqualTo(400);
        assertThat(second.errors()).containsEntry("timeout", 4L);
        // Over the whole run so far the median is 10 ms (300 of 400); in the last second every answer took 200 ms.
        assertThat(h.getValueAtPercentile(50) / 1e9).isCloseTo(0.010, within(0.010 * 1e-3));
        assertThat(second.p50()).isCloseTo(0.200, within(0.200 * 1e-3));
        assertThat(second.p99()).isCloseTo(0.200, within(0.200 * 1e-3));

        LiveSample.Http third = live.next(progress(400, 4, h.copy()));
        assertThat(third.p50()).as("no answer since").isNaN();
        assertThat(third.max()).isNaN();
    }

    @Test
    void withoutLatenciesOnlyTheTotals() {
        LiveSample.Http s = new HttpLive(1).next(progress(5, 0, null));
        assertThat(s.ok()).isEqualTo(5);
        assertThat(s.p99()).isNaN();
    }
}
