package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scheduler's figures around an iteration of virtual threads, on the JDK 25 the tests run on: its parallelism is the
 * processors this JVM has (no {@code jdk.virtualThreadScheduler.parallelism} is set), and virtual threads that compute
 * without blocking, twice as many as the carriers, leave some queued.
 */
class SchedulerProbeTest {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Test
    void spinningVirtualThreadsTwiceTheCarriersAreSeenMountedAndQueued() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 24, "the scheduler's bean is JDK 24's");
        assertThat(SchedulerProbe.absence()).isEmpty();
        Map<String, Double> metrics = new HashMap<>();
        try (ProbeSet probes = ProbeSet.of(false, true, true)) {
            probes.beforeIteration();
            List<Thread> spinners = new ArrayList<>();
            for (int i = 0; i < 2 * CORES; i++) {
                spinners.add(Thread.ofVirtual().start(() -> {
                    long end = System.nanoTime() + 300_000_000L;
                    while (System.nanoTime() < end) {
                        Math.sqrt(System.nanoTime());
                    }
                }));
            }
            for (Thread t : spinners) {
                t.join();
            }
            probes.afterIteration(300_000_000L, metrics);
        }
        assertThat(metrics.get(Metric.VT_PARALLELISM.name())).isEqualTo((double) CORES);
        assertThat(metrics.get(Metric.VT_POOL_SIZE.name())).isGreaterThanOrEqualTo(1.0);
        // never more mounted than carriers; while the spinners held every carrier, the rest waited in the queue
        assertThat(metrics.get(Metric.VT_MOUNTED_PEAK.name())).isBetween(1.0, metrics.get(Metric.VT_POOL_SIZE.name()));
        assertThat(metrics.get(Metric.VT_QUEUED_PEAK.name())).isGreaterThanOrEqualTo(1.0);
        assertThat(metrics).containsKeys(Metric.VT_MOUNTED_MEAN.name(), Metric.VT_QUEUED_MEAN.name());
        // the timer probe's own virtual thread waited behind them: its latest wake-up at least one spinner's 300 ms late,
        // less the time the first spinners took to mount
        assertThat(metrics.get(Metric.TIMER_LATE_P99_MS.name())).isGreaterThanOrEqualTo(100.0);
    }

    @Test
    void withoutSamplingOnlyTheEdgeFiguresAndForOtherModelsNone() {
        Map<String, Double> virtual = new HashMap<>();
        try (ProbeSet probes = ProbeSet.of(false, false, true)) {
            probes.beforeIteration();
            probes.afterIteration(1_000_000, virtual);
        }
        assertThat(virtual).containsKeys(Metric.VT_PARALLELISM.name(), Metric.VT_POOL_SIZE.name())
                .doesNotContainKeys(Metric.VT_MOUNTED_PEAK.name(), Metric.VT_QUEUED_PEAK.name(), Metric.TIMER_LATE_P99_MS.name());
        Map<String, Double> platform = new HashMap<>();
        try (ProbeSet probes = ProbeSet.of(false, true, false)) {
            probes.beforeIteration();
            probes.afterIteration(1_000_000, platform);
        }
        assertThat(platform).doesNotContainKeys(Metric.VT_PARALLELISM.name(), Metric.VT_POOL_SIZE.name());
    }
}
