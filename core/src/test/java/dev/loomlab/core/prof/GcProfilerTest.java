package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import dev.loomlab.core.stats.Metric;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** --prof gc: allocation, churn per heap pool and collections of each measured iteration. */
class GcProfilerTest {
    private static final int ARRAYS = 2000;
    private static final int BYTES = 64 * 1024;
    private static final double MIB = 1024.0 * 1024.0;
    private static volatile byte[] last;

    /** Allocates ARRAYS arrays of BYTES, keeping none but the last, then has every heap pool collected. */
    private static void allocateAndCollect() {
        for (int i = 0; i < ARRAYS; i++) {
            last = new byte[BYTES];
        }
        last = null;
        System.gc();
    }

    private static List<String> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .map(MemoryPoolMXBean::getName).toList();
    }

    private static double churnMb(Map<String, Double> metrics) {
        return heapPools().stream().mapToDouble(p -> metrics.get(GcProfiler.churnMetric(p))).sum();
    }

    @Test
    void theChurnOfAnIterationIsAtLeastWhatItAllocatedAndDidNotKeep() {
        GcProfiler gc = new GcProfiler();
        gc.resume();
        allocateAndCollect();
        Map<String, Double> metrics = gc.pause();
        ProfileRecord record = gc.finish();

        double allocatedMb = (double) ARRAYS * BYTES / MIB;
        assertThat(metrics.get(Metric.ALLOCATED_MB.name())).isGreaterThanOrEqualTo(allocatedMb);
        assertThat(metrics.get(Metric.ALLOCATION_RATE_MB_PER_S.name())).isPositive();
        assertThat(metrics.get(Metric.GC_COUNT.name())).as("System.gc() collected").isGreaterThanOrEqualTo(1.0);
        assertThat(metrics.get(Metric.GC_TIME_MS.name())).isGreaterThanOrEqualTo(0.0);
        // nothing the iteration allocated survives it: every byte was freed (or first copied) by its collections
        assertThat(churnMb(metrics)).isGreaterThanOrEqualTo(allocatedMb);
        for (String pool : heapPools()) {
            assertThat(metrics).containsKey(GcProfiler.churnMetric(pool)).containsKey(GcProfiler.churnRateMetric(pool));
        }
        assertThat(record).isEqualTo(new ProfileRecord("gc", List.of(), null, null));
    }

    @Test
    void collectionsBetweenIterationsAreInNone() {
        GcProfiler gc = new GcProfiler();
        gc.resume();
        Map<String, Double> quiet = gc.pause();
        allocateAndCollect();
        // resumed at once: the notification of the collection just before may arrive inside this span
        gc.resume();
        Map<String, Double> alsoQuiet = gc.pause();
        gc.finish();

        double allocatedMb = (double) ARRAYS * BYTES / MIB;
        // what was collected between the iterations (at least allocatedMb) is in neither
        assertThat(churnMb(quiet)).isLessThan(allocatedMb / 2);
        assertThat(churnMb(alsoQuiet)).isLessThan(allocatedMb / 2);
        assertThat(alsoQuiet.get(Metric.ALLOCATED_MB.name())).isLessThan(allocatedMb / 2);
    }

    @Test
    void aPoolsMetricNamesEndInTheirUnit() {
        assertThat(GcProfiler.churnMetric("G1 Eden Space")).isEqualTo("gc_churn_g1_eden_space_mb");
        assertThat(GcProfiler.churnRateMetric("PS Old Gen")).isEqualTo("gc_churn_ps_old_gen_rate_mb_per_s");
        assertThat(GcProfiler.churnMetric("ZGC Young Generation")).isEqualTo("gc_churn_zgc_young_generation_mb");
    }
}
