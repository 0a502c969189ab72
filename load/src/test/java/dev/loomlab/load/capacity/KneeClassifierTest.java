package dev.loomlab.load.capacity;

import dev.loomlab.core.slo.Slo;
import dev.loomlab.load.GeneratorValidity;
import dev.loomlab.load.service.ServiceFigures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The knee's cause from constructed step figures: each threshold reached names its resource, just below it does not; the
 * generator is judged first; where several resources were at their limit, the one nearest it while the service still
 * passed ran out first.
 */
class KneeClassifierTest {
    private static final Slo SLO = Slo.parse("p99<40ms,errors<1%");
    private final KneeClassifier classifier = new KneeClassifier(SLO);

    private static ServiceFigures threads(double busy, double max) {
        return new ServiceFigures("test", 5, busy, max, null, null, null, null, null, null, null);
    }

    private static ServiceFigures pool(double active, double pending, double max) {
        return new ServiceFigures("test", 5, null, null, active, pending, max, null, null, null, null);
    }

    private static ServiceFigures cpu(double pct) {
        return new ServiceFigures("test", 5, null, null, null, null, null, pct, 2, null, null);
    }

    /** The service at {@code pct} of its 2 cores, which were {@code busyPct} busy with every process on them. */
    private static ServiceFigures cpu(double pct, double busyPct) {
        return new ServiceFigures("test", 5, null, null, null, null, null, pct, 2, busyPct, null);
    }

    private static ServiceFigures gc(double pct) {
        return new ServiceFigures("test", 5, null, null, null, null, null, null, null, null, pct);
    }

    private static ServiceFigures threadsAndCpu(double busy, double cpuPct) {
        return new ServiceFigures("test", 5, busy, 200.0, null, null, null, cpuPct, 2, null, null);
    }

    /** A judged step at {@code rate}: 10,000 requests, the generator 1 ms late and at 30% of its cores. */
    private static CapacityStep step(double rate, boolean passed, ServiceFigures service) {
        return step(rate, passed, service, 1.0, 30.0, Map.of(), 0, 10.0, null);
    }

    private static CapacityStep step(double rate, boolean passed, ServiceFigures service, double lagMs, double generatorCpuPct,
                                     Map<String, Long> errorKinds, long queued, double p50FromSendMs, String invalid) {
        return new CapacityStep(rate, passed, passed || invalid != null ? List.of() : List.of("p99 90 ms ≥ 40 ms"), rate, 10_000,
                0, 5.0, 8.0, passed ? 20.0 : 90.0, 95.0, 99.0, lagMs, 10, false, false, invalid, generatorCpuPct, errorKinds, 100,
                queued, p50FromSendMs, service);
    }

    private KneeCause knee(CapacityStep pass, CapacityStep fail) {
        return classifier.classify(List.of(pass, fail), pass.ratePerS(), fail.ratePerS(), null, false, 100_000.0);
    }

    @Test
    void aThreadPoolBusyAtItsShareOfTheMaximumRanOut() {
        double busy = KneeClassifier.THREADS_BUSY_SHARE * 200;
        KneeCause k = knee(step(2000, true, threads(150, 200)), step(2150, false, threads(busy, 200)));
        assertThat(k.cause()).isEqualTo(KneeCause.THREAD_POOL);
        assertThat(k.text()).isEqualTo("190 of 200 threads busy at 2,150/s; 150 of 200 threads busy at 2,000/s, the last rate"
                + " that passed");
        assertThat(k.evidence()).containsEntry("rate_per_s", 2150L).containsEntry("threads_busy", 190L)
                .containsEntry("threads_max", 200L).containsEntry("threads_busy_pct", 95L).containsEntry("threshold_pct", 95L)
                .containsEntry("passing_rate_per_s", 2000L).containsEntry("passing_threads_busy", 150L)
                .containsEntry("source", "test");
        assertThat(knee(step(2000, true, threads(150, 200)), step(2150, false, threads(busy - 1, 200))).cause())
                .isEqualTo(KneeCause.UNEXPLAINED);
    }

    @Test
    void aConnectionPoolAllInUseWithCallersWaitingRanOut() {
        KneeCause k = knee(step(240, true, pool(4, 0, 5)), step(400, false, pool(5, 195, 5)));
        assertThat(k.cause()).isEqualTo(KneeCause.CONNECTION_POOL);
        assertThat(k.text()).startsWith("5 of 5 connections in use, 195 callers waiting at 400/s");
        assertThat(k.evidence()).containsEntry("pool_active", 5L).containsEntry("pool_pending", 195L).containsEntry("pool_max", 5L);
        // all in use but no one waiting, or a fifth of them free: not its limit
        assertThat(knee(step(240, true, pool(4, 0, 5)), step(400, false, pool(5, 0, 5))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
        assertThat(knee(step(240, true, pool(4, 0, 5)), step(400, false, pool(4, 3, 5))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
        // measured on HikariCP: 9 of 10 in use at the median reading, 223 callers waiting — one on its way back
        assertThat(knee(step(150, true, pool(3, 0, 10)), step(300, false, pool(9, 223, 10))).cause())
                .isEqualTo(KneeCause.CONNECTION_POOL);
        // and read mid-handoff: 7 of 10 in use beside 44 waiting, more callers than connections — the pool is the queue
        assertThat(knee(step(400, true, pool(7, 0, 10)), step(500, false, pool(7, 44, 10))).cause())
                .isEqualTo(KneeCause.CONNECTION_POOL);
    }

    @Test
    void theServicesCpuAtItsShareOfItsCoresRanOut() {
        KneeCause k = knee(step(30_000, true, cpu(70)), step(36_000, false, cpu(100 * KneeClassifier.CPU_SHARE)));
        assertThat(k.cause() + ": " + k.text()).startsWith(KneeCause.SERVICE_CPU + ": the service used 90% of its 2 cores at 36,000/s");
        assertThat(k.evidence()).containsEntry("cpu_pct", 90L).containsEntry("cores", 2);
        assertThat(knee(step(30_000, true, cpu(70)), step(36_000, false, cpu(100 * KneeClassifier.CPU_SHARE - 0.1))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
    }

    /** A server of virtual threads tells what its CPU running out did to them: the evidence and the text carry it. */
    @Test
    void theCpuKneeOfAServerOfVirtualThreadsCarriesItsQueueAndTimer() {
        ServiceFigures failing = new ServiceFigures("test", 5, null, null, null, null, null, 95.0, 2, null, null, 12.0, 40.0);
        KneeCause k = knee(step(30_000, true, cpu(70)), step(36_000, false, failing));
        assertThat(k.cause()).isEqualTo(KneeCause.SERVICE_CPU);
        assertThat(k.text()).contains("the service used 95% of its 2 cores; a 1 ms timer of its virtual threads woke 40 ms late");
        assertThat(k.evidence()).containsEntry("vt_queued", 12L).containsEntry("timer_late_ms", 40L);
    }

    /** Cores kept busy by other processes (a generator on the same cores) leave the service no more CPU than its own use. */
    @Test
    void theServicesCoresBusyWithOtherProcessesAreItsCpuRunningOut() {
        double share = 100 * KneeClassifier.CPU_SHARE;
        KneeCause k = knee(step(100, true, cpu(50, 70)), step(125, false, cpu(61, share)));
        assertThat(k.cause()).isEqualTo(KneeCause.SERVICE_CPU);
        assertThat(k.text()).startsWith("its 2 cores were 90% busy, the service using 61% (the rest other processes'")
                .endsWith("; 70% busy, the service 50% at 100/s, the last rate that passed");
        assertThat(k.evidence()).containsEntry("cpu_pct", 61L).containsEntry("cores_busy_pct", 90L);
        assertThat(knee(step(100, true, cpu(50, 70)), step(125, false, cpu(61, share - 0.1))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
        // a service using less than its part of cores others keep busy was not asking for more CPU
        double part = KneeClassifier.OWN_PART_OF_BUSY * 99;
        assertThat(knee(step(100, true, cpu(3, 97)), step(125, false, cpu(part - 0.1, 99))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
        assertThat(knee(step(100, true, cpu(3, 97)), step(125, false, cpu(part, 99))).cause()).isEqualTo(KneeCause.SERVICE_CPU);
    }

    /** Measured: behind a pool of 5 connections at 244/s on cores others kept busy, the pool is what ran out. */
    @Test
    void aFullPoolOnCoresOthersKeptBusyIsThePool() {
        ServiceFigures passing = new ServiceFigures("test", 4, 9.0, 200.0, 5.0, 4.0, 5.0, 4.63, 2, 97.9, 0.2);
        ServiceFigures failing = new ServiceFigures("test", 4, 16.0, 200.0, 5.0, 11.0, 5.0, 3.17, 2, 99.5, 0.07);
        assertThat(knee(step(238, true, passing), step(244, false, failing)).cause()).isEqualTo(KneeCause.CONNECTION_POOL);
    }

    @Test
    void pausesAtTheirShareOfTheTimeAreTheCollectors() {
        double share = 100 * KneeClassifier.GC_PAUSE_SHARE;
        KneeCause k = knee(step(4_000, true, gc(3)), step(5_000, false, gc(share)));
        assertThat(k.cause()).isEqualTo(KneeCause.GC);
        assertThat(k.text()).startsWith("stop-the-world pauses took 10% of the time at 5,000/s");
        assertThat(knee(step(4_000, true, gc(3)), step(5_000, false, gc(share - 0.1))).cause()).isEqualTo(KneeCause.UNEXPLAINED);
    }

    @Test
    void ofSeveralResourcesAtTheirLimitTheOneNearestItAtTheLastPassingStepRanOutFirst() {
        CapacityStep fail = step(2150, false, threadsAndCpu(200, 95));
        // a pool of threads busy while the CPU had room: the pool
        assertThat(knee(step(2000, true, threadsAndCpu(199, 40)), fail).cause()).isEqualTo(KneeCause.THREAD_POOL);
        // a CPU near its limit while few threads were busy: the threads filled behind a saturated CPU
        assertThat(knee(step(2000, true, threadsAndCpu(30, 88)), fail).cause()).isEqualTo(KneeCause.SERVICE_CPU);
        // nothing read at the passing step: in the order thread-pool, connection-pool, service-cpu, gc
        assertThat(knee(step(2000, true, null), fail).cause()).isEqualTo(KneeCause.THREAD_POOL);
    }

    @Test
    void connectionsRefusedOrResetAtTheirShareOfTheRequests() {
        long share = (long) (KneeClassifier.CONNECTION_ERRORS_SHARE * 10_000);
        KneeCause k = knee(step(1000, true, null), step(2000, false, null, 1.0, 30.0, Map.of("connect", share - 20, "reset", 20L),
                0, 10.0, null));
        assertThat(k.cause()).isEqualTo(KneeCause.CONNECTIONS);
        assertThat(k.text()).startsWith("100 of 10,000 requests could not connect or were reset at 2,000/s");
        assertThat(k.evidence()).containsEntry("errors_connect", 80L).containsEntry("errors_reset", 20L);
        assertThat(knee(step(1000, true, null), step(2000, false, null, 1.0, 30.0, Map.of("connect", share - 1, "timeout", 500L),
                0, 10.0, null)).cause()).isEqualTo(KneeCause.UNEXPLAINED);
    }

    @Test
    void theGeneratorIsJudgedFirstItsLagOrItsCpu() {
        double lag = GeneratorValidity.LAG_SHARE * 40;
        CapacityStep late = step(48_000, false, threads(200, 200), lag, 30.0, Map.of(), 0, 10.0, null);
        KneeCause k = knee(step(40_000, true, threads(100, 200)), late);
        assertThat(k.cause()).isEqualTo(KneeCause.GENERATOR);
        assertThat(k.text()).contains("it sent 10 ms late (p99) at 48,000/s, ≥ 25% of the 40 ms latency limit");
        assertThat(k.evidence()).containsEntry("generator_lag_p99_ms", 10L).containsEntry("latency_limit_ms", 40L);
        CapacityStep busy = step(48_000, false, threads(200, 200), 1.0, 100 * GeneratorValidity.CPU_SHARE, Map.of(), 0, 10.0, null);
        assertThat(knee(step(40_000, true, threads(100, 200)), busy).cause()).isEqualTo(KneeCause.GENERATOR);
        CapacityStep justUnder = step(48_000, false, threads(200, 200), lag * 0.99, 89.9, Map.of(), 0, 10.0, null);
        assertThat(knee(step(40_000, true, threads(100, 200)), justUnder).cause()).isEqualTo(KneeCause.THREAD_POOL);
    }

    @Test
    void aSearchStoppedByAStepItsGeneratorCouldNotKeepOrThatPassedAtTheCeilingIsTheGenerators() {
        CapacityStep pass = step(8_000, true, null);
        CapacityStep stopped = step(16_000, false, null, 30.0, 50.0, Map.of(), 0, 10.0, "the generator fell behind");
        KneeCause k = classifier.classify(List.of(pass, stopped), 8_000.0, null, stopped, true, 20_000.0);
        assertThat(k.cause()).isEqualTo(KneeCause.GENERATOR);
        assertThat(k.text()).startsWith("the search stopped at 16,000/s: it sent 30 ms late (p99)");

        KneeCause ceiling = classifier.classify(List.of(pass), 8_000.0, null, null, true, 8_000.0);
        assertThat(ceiling.cause()).isEqualTo(KneeCause.GENERATOR);
        assertThat(ceiling.evidence()).containsEntry("generator_ceiling_per_s", 8000L);
    }

    @Test
    void theGeneratorsOwnConnectionsAllInUseWhileTheServiceAnsweredAsFast() {
        long queued = (long) (KneeClassifier.QUEUED_SHARE * 10_000);
        CapacityStep pass = step(900, true, cpu(10), 1.0, 30.0, Map.of(), 0, 20.0, null);
        KneeCause k = knee(pass, step(1100, false, cpu(12), 1.0, 30.0, Map.of(), queued, 20.0 * KneeClassifier.NOT_SLOWED, null));
        assertThat(k.cause()).isEqualTo(KneeCause.GENERATOR);
        assertThat(k.text()).startsWith("the generator's 100 connections were all in use: 100 of 10,000 requests waited");
        // a service that slowed down queued the requests itself: what ran out is not known
        assertThat(knee(pass, step(1100, false, cpu(12), 1.0, 30.0, Map.of(), queued, 20.0 * KneeClassifier.NOT_SLOWED + 1,
                null)).cause()).isEqualTo(KneeCause.UNEXPLAINED);
    }

    @Test
    void nothingAtItsLimitOrNothingReadIsUnexplainedAndSaysWhich() {
        KneeCause read = knee(step(1000, true, cpu(30)), step(2000, false, cpu(45)));
        assertThat(read.cause()).isEqualTo(KneeCause.UNEXPLAINED);
        assertThat(read.text()).isEqualTo("no figure read of the service was at its limit at 2,000/s (CPU 45% of 2 cores)");
        KneeCause none = knee(step(1000, true, null), step(2000, false, null));
        assertThat(none.text()).startsWith("nothing was read of the service at 2,000/s");
    }
}
