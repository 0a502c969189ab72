package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.LoadMetrics;
import dev.loomlab.load.capacity.KneeCause;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits assess advises, from Little's law: a pool of {@code max} held {@code W} s a request carries max ÷ W a second,
 * and a target rate needs rate × W of them.
 */
class AssessLimitsTest {
    private static Result search(double capacity, KneeCause knee) {
        return Result.builder("load", "open:max")
                .metrics(Map.of(LoadMetrics.MAX_RATE_PER_S.name(), Summary.of(new double[] {capacity})))
                .section(KneeCause.SECTION, knee).build();
    }

    @Test
    void aConnectionPoolIsSizedForTheTargetFromTheLastPassingStepsHoldTime() {
        // 9 connections in use at 450/s: each call holds one 20 ms; 10 carry 500/s; 1,000/s needs 20
        KneeCause knee = new KneeCause(KneeCause.CONNECTION_POOL, "…", Map.of("pool_active", 10, "pool_max", 10,
                "pool_pending", 40, "passing_rate_per_s", 450, "passing_pool_active", 9, "passing_pool_pending", 0));
        String advice = AssessLimits.advice(search(450, knee), 1000, true).orElseThrow();
        assertThat(advice).contains("10 connections ÷ 20 ms a call").contains("caps it at 500/s")
                .contains("1000/s needs a pool of 20").doesNotContain("Semaphore");
        // with no bounded request pool in front, the callers piled up behind it get a bound
        assertThat(AssessLimits.advice(search(450, knee), 1000, false).orElseThrow())
                .contains("0 waited for a connection at the last passing rate, 40 at the knee").contains("Semaphore of 10 permits");
    }

    @Test
    void aThreadPoolWithoutTheLastPassingStepIsItsSizeOverTheCapacity() {
        // 200 threads at 2,000/s: 100 ms each; twice the capacity needs 400
        KneeCause knee = new KneeCause(KneeCause.THREAD_POOL, "…", Map.of("threads_busy", 200, "threads_max", 200));
        assertThat(AssessLimits.advice(search(2000, knee), 0, false).orElseThrow())
                .contains("200 threads ÷ 100 ms a request").contains("4000/s needs 400 threads");
    }

    @Test
    void aPoolThatFilledOnlyAtTheKneeIsNotWhatBinds() {
        // measured on /pinned (64 monitors held 20 ms: 3,200/s): 63 of 200 threads busy at 3,130/s, all 200 at 3,250/s
        KneeCause knee = new KneeCause(KneeCause.THREAD_POOL, "…", Map.of("threads_busy", 200, "threads_max", 200,
                "rate_per_s", 3250, "passing_rate_per_s", 3130, "passing_threads_busy", 63));
        assertThat(AssessLimits.advice(search(3125, knee), 0, false).orElseThrow()).startsWith("not the pool's size")
                .contains("yet filled at 3250/s").doesNotContain("needs");
    }

    /**
     * A coarse search (30%) stopped at 400/s, its next step 500/s: 7 of 10 connections in use at 400/s put the pool's cap
     * at 571/s, above the capacity by more than the margin but not above the rate at which it filled: the pool binds.
     */
    @Test
    void aPoolIsJudgedAgainstTheRateAtWhichItFilledNotTheCapacityACoarseSearchFound() {
        KneeCause knee = new KneeCause(KneeCause.CONNECTION_POOL, "…", Map.of("pool_active", 10, "pool_max", 10,
                "pool_pending", 33, "rate_per_s", 500, "passing_rate_per_s", 400, "passing_pool_active", 7));
        assertThat(AssessLimits.advice(search(400, knee), 0, true).orElseThrow()).startsWith("the connection pool: 10 connections");
    }

    @Test
    void noKneeNoAdvice() {
        assertThat(AssessLimits.advice(search(100, null), 0, false)).isEmpty();
    }
}
