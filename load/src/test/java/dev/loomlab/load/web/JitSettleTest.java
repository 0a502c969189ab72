package dev.loomlab.load.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up goes on in slices while the compilers are busy, never past its limit, and not at all when not asked. */
class JitSettleTest {
    /** Load that takes no time, whose compilers are busy for the first {@code busyRuns} runs, then quiet. */
    private static final class FakeServer {
        final List<Duration> runs = new ArrayList<>();
        final int busyRuns;
        double jitMs;

        FakeServer(int busyRuns) {
            this.busyRuns = busyRuns;
        }

        Duration run(Duration d) {
            runs.add(d);
            // a busy slice compiles for longer than the slice; a quiet one not at all
            jitMs += runs.size() <= busyRuns ? 2.0 * d.toMillis() : 0;
            return d;
        }
    }

    @Test
    void warmsOnInSlicesUntilTheCompilersAreQuiet() throws InterruptedException {
        FakeServer s = new FakeServer(3);
        JitSettle.Outcome out = JitSettle.warm(Duration.ofSeconds(20), Duration.ofSeconds(60), s::run, () -> s.jitMs);
        // the first run is the warm-up less its watched last slice; runs 2 and 3 compiled, 4 and 5 did not
        assertThat(s.runs).containsExactly(Duration.ofSeconds(15), Duration.ofSeconds(5), Duration.ofSeconds(5),
                Duration.ofSeconds(5));
        assertThat(out.extra()).isEqualTo(Duration.ofSeconds(10));
        assertThat(out.quiet()).isTrue();
    }

    @Test
    void stopsAtTheLimitAndSaysTheCompilersWereStillBusy() throws InterruptedException {
        FakeServer s = new FakeServer(100);
        JitSettle.Outcome out = JitSettle.warm(Duration.ofSeconds(2), Duration.ofSeconds(7), s::run, () -> s.jitMs);
        assertThat(s.runs).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(5),
                Duration.ofSeconds(2));
        assertThat(out.quiet()).isFalse();
        assertThat(out.line()).contains("still compiling after 7 s more warm-up");
    }

    @Test
    void aZeroLimitOrAServerThatDoesNotTellKeepsTheWarmUpAsGiven() throws InterruptedException {
        FakeServer s = new FakeServer(100);
        JitSettle.warm(Duration.ofSeconds(20), Duration.ZERO, s::run, () -> s.jitMs);
        assertThat(s.runs).containsExactly(Duration.ofSeconds(20));
        FakeServer silent = new FakeServer(100);
        JitSettle.Outcome out = JitSettle.warm(Duration.ofSeconds(20), Duration.ofSeconds(60), silent::run, () -> null);
        assertThat(silent.runs).containsExactly(Duration.ofSeconds(15), Duration.ofSeconds(5));
        assertThat(out.line()).contains("does not tell");
    }
}
