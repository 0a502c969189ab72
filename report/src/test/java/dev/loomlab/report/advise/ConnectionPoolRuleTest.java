package dev.loomlab.report.advise;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionPoolRuleTest {
    private static final Map<String, Object> PARAMS = Fixtures.params("tasks", 2000, "op", "slow", "latency", "20ms", "connections", 10);
    private static final double CALL_MS = 20.0;

    /** A db result: calls of {@value #CALL_MS} ms, {@code waitMs} of pool wait at the median, peak waiting callers. */
    private static Result db(Model model, double wallMs, double waitMs, double pending) {
        Result r = Fixtures.ok("db", model.name(), PARAMS, Fixtures.JDK25, Fixtures.around(wallMs), 2000, CALL_MS, 40, null, null);
        r = Fixtures.with(r, ConnectionPoolRule.WAIT_P50.name(), waitMs, waitMs, waitMs);
        r = Fixtures.with(r, ConnectionPoolRule.PENDING.name(), pending, pending, pending);
        return r.toBuilder().modelInfo(model).bound(4000.0, 4000.0 / wallMs, CALL_MS).build();
    }

    private static Model virtual() {
        return new Model("virtual", "virtual", OptionalInt.empty(), ServingThread.VIRTUAL, OptionalInt.empty());
    }

    private static Model platform(int n) {
        return new Model("platform:" + n, "platform", OptionalInt.of(n), ServingThread.PLATFORM, OptionalInt.of(n));
    }

    private static List<Advice> advice(List<Result> results) {
        return Advisor.advise(results).stream().filter(a -> a.topic().equals("connection pool")).toList();
    }

    @Test
    void aPoolThatCallsMostlyWaitForIsNamedTheCeilingWithLittlesLaw() {
        // Fixture latencies run evenly from 20 ms to the wall median (4,100 ms): p50 about 2,060 ms.
        List<Advice> advice = advice(List.of(db(platform(100), 4_100, 1_900, 90), db(virtual(), 4_150, 2_000, 1_990)));
        Advice ceiling = advice.get(0);
        assertThat(ceiling.recommendation()).startsWith("The pool of 10 connections is the ceiling, not the threads: platform:100, virtual")
                // 10 connections / 0.020 s a call = 500 calls/s; 100 and 2,000 calls in flight → at most 2,000 connections
                .contains("a pool of 10 sustains at most 500 calls/s")
                .contains("to let the 2000 calls these models keep in flight run without waiting it would need 2000 connections");
        assertThat(ceiling.evidence()).contains("one call alone: 20.0 ms; Little's law: 10 connections sustain at most 500 calls/s");
        // Unbounded virtual threads queued far beyond the pool; the pool of 100 platform threads did not count.
        Advice bound = advice.get(1);
        assertThat(bound.recommendation()).contains("a Semaphore of 10 permits").contains("virtual-bounded:10");
        assertThat(bound.evidence()).containsExactly(
                "virtual: up to 1,990 virtual threads waiting for one of 10 connections (median of the per-iteration peaks)");
    }

    @Test
    void aPoolThatCallsHardlyWaitForIsNotTheCeiling() {
        // 8 pool threads over 10 connections: no wait worth naming, and no virtual threads queued.
        assertThat(advice(List.of(db(platform(8), 4_100, 0.01, 0), db(platform(10), 4_000, 0.02, 0)))).isEmpty();
    }

    @Test
    void thePoolSizeRuleOfThreadPoolsLeavesDatabaseCallsToThisRule() {
        List<Advice> all = Advisor.advise(List.of(db(platform(100), 4_100, 1_900, 90), db(platform(200), 4_100, 1_950, 190)));
        assertThat(all).noneMatch(a -> a.topic().equals("pool size"));
    }
}
