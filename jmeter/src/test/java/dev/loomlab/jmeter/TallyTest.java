package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineOutcome;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The counts of a run, sample by sample: what the measured span holds (by start time), what counts toward the
 * throughput (ok by end time), a failed connect as an error but no request sent, status codes, serving threads,
 * latencies in ns, and per remote engine its requests — which sum to the run's.
 */
class TallyTest {
    private static final String HEADERS = "HTTP/1.1 200 OK\nContent-Length: 2\nX-Loomlab-Thread: virtual\n";

    private static Sample ok(long start, long elapsed, String thread) {
        return new Sample(start, start + elapsed, elapsed, 0, "200", "OK", false, HEADERS, thread);
    }

    @Test
    void theSpanHoldsTheSamplesThatStartedInItAndTheThroughputTheAnswersThatEndedInIt() {
        Tally t = new Tally(List.of());
        t.record(ok(900, 50, "loomlab 1-1"));    // before the span is set: warm-up
        t.span(0, 1_000, 2_000);
        t.record(ok(950, 100, "loomlab 1-1"));   // warm-up, answered within the span: throughput, not a request
        t.record(ok(1_000, 100, "loomlab 1-2"));  // measured, answered within
        t.record(ok(1_950, 100, "loomlab 1-3"));  // measured, answered after the end
        t.record(ok(2_000, 5, "loomlab 1-4"));    // after the span: not measured
        t.record(new Sample(1_500, 1_700, 200, 0, "503", "Service Unavailable", false, "", "loomlab 1-5"));
        t.record(new Sample(1_500, 1_501, 1, 0, "200", "OK", true, HEADERS, "loomlab 1-6"));
        t.record(new Sample(1_600, 1_601, 1, 1, "Non HTTP response code: org.apache.http.conn.HttpHostConnectException",
                "Non HTTP response message: Connection refused", true, "", "loomlab 1-7"));
        t.record(new Sample(1_600, 1_650, 50, 3, "200", "OK", false, "HTTP/1.1 200 OK\nx-loomlab-thread: platform\n", "loomlab 1-8"));
        t.record(new Sample(1_600, 1_650, 50, 0, "200", "OK", false, "HTTP/1.1 200 OK\n", "loomlab 1-9"));

        EngineOutcome o = t.outcome("jmeter", "5.6.3", 1_000_000_000L, i -> 0, i -> 0);
        assertThat(t.samples()).isEqualTo(10);
        // 1_000, 1_950, the 503, the wrong body, the two last; the refused connect never reached the wire
        assertThat(o.sent()).isEqualTo(6);
        assertThat(o.ok()).isEqualTo(4);
        assertThat(o.okInSpan()).as("950+100, 1_000+100 and the two ending at 1_650").isEqualTo(4);
        assertThat(o.errors()).containsEntry("status", 1L).containsEntry("content", 1L).containsEntry("connect", 1L)
                .containsEntry("timeout", 0L);
        assertThat(o.statuses()).containsEntry(200, 5L).containsEntry(503, 1L);
        assertThat(o.servedBy()).containsEntry("virtual", 2L).containsEntry("platform", 1L).containsEntry("unnamed", 1L);
        assertThat(o.connectionsOpened()).as("samples with a connect time, any time").isEqualTo(2);
        assertThat(o.latency().getTotalCount()).isEqualTo(4);
        assertThat(o.latency().getMaxValue()).isBetween(99_000_000L, 101_000_000L);
        assertThat(o.remotes()).isEmpty();
    }

    @Test
    void eachRemoteEngineIsCountedOnItsOwnSpanAndTheirCountsSumToTheRun() {
        Tally t = new Tally(List.of("127.0.0.1:4000", "127.0.0.1:400"));
        t.span(0, 1_000, 2_000);
        t.span(1, 1_100, 2_100);
        t.record(ok(1_050, 10, "127.0.0.1:4000-loomlab 1-1"));
        t.record(ok(1_050, 10, "127.0.0.1:400-loomlab 1-1"));   // before engine 1's span
        t.record(ok(2_050, 10, "127.0.0.1:400-loomlab 1-2"));   // within engine 1's span only
        t.record(ok(2_050, 10, "127.0.0.1:4000-loomlab 1-2"));  // after engine 0's
        t.record(new Sample(1_500, 1_600, 100, 0, "500", "x", false, "", "127.0.0.1:4000-loomlab 1-3"));
        assertThat(t.seen(0)).isEqualTo(3);
        assertThat(t.seen(1)).isEqualTo(2);
        EngineOutcome o = t.outcome("jmeter", "5.6.3", 1_000_000_000L, i -> i == 0 ? 11 : 10, i -> 0);
        assertThat(o.remotes()).containsExactly(new EngineOutcome.Remote("127.0.0.1:4000", 11, 0, 2, 1),
                new EngineOutcome.Remote("127.0.0.1:400", 10, 0, 1, 1));
        assertThat(o.remotes().stream().mapToLong(EngineOutcome.Remote::requests).sum()).isEqualTo(o.sent());
        assertThat(o.remotes().stream().mapToLong(EngineOutcome.Remote::ok).sum()).isEqualTo(o.ok());
    }

    @Test
    void progressCarriesTheCountsAndTheLatenciesWhenAsked() {
        Tally t = new Tally(List.of());
        t.span(0, 0, Long.MAX_VALUE);
        t.record(ok(10, 7, "t"));
        assertThat(t.progress(1_000, "measuring", false).latency()).isNull();
        assertThat(t.progress(1_000, "measuring", true).latency().getTotalCount()).isEqualTo(1);
        assertThat(t.progress(1_000, "measuring", true).ok()).isEqualTo(1);
    }

    @Test
    void theServingThreadIsReadFromTheHeaders() {
        assertThat(Tally.servedBy("HTTP/1.1 200 OK\r\nX-Loomlab-Thread: event-loop\r\n")).isEqualTo(2);
        assertThat(Tally.servedBy("HTTP/1.1 200 OK\nX-Loomlab-Thread: green\n")).isEqualTo(3);
        assertThat(Tally.servedBy(null)).isEqualTo(3);
    }
}
