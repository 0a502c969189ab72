package dev.loomlab.core.memory;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.trial.TrialRunner;
import dev.loomlab.core.outcome.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The memory scenario in forked trials with Native Memory Tracking, as loomlab runs it. */
class MemoryScenarioTest {
    private final TrialRunner runner = TrialRunner.withCurrentClassPath();
    private final List<String> flags = ScenarioCatalog.load().get("memory").description().trialJvmArgs();

    @TempDir
    Path dir;

    private TrialOutcome run(String kind, int threads, int depth) throws Exception {
        TrialSpec spec = new TrialSpec("memory", kind, Map.of("threads", String.valueOf(threads), "depth",
                String.valueOf(depth)), 1, 1, 1);
        return runner.run(spec, Jdk.current(), flags, Duration.ofMinutes(3), dir.resolve(kind + ".log"), ProgressListener.NONE);
    }

    private static Map<String, Double> measured(TrialOutcome o) {
        assertThat(o.status()).as(String.valueOf(o.error())).isEqualTo(Status.OK);
        assertThat(o.iterations()).hasSize(1);
        IterationResult it = o.iterations().get(0);
        return it.metrics();
    }

    @Test
    void everyThreadParksAndAPlatformThreadCostsMoreThanAVirtualOne() throws Exception {
        Map<String, Double> platform = measured(run("platform", 2000, 1));
        Map<String, Double> virtual = measured(run("virtual", 2000, 1));

        assertThat(platform.get("threads_parked")).isEqualTo(2000.0);
        assertThat(virtual.get("threads_parked")).isEqualTo(2000.0);
        // A virtual thread's parked stack is a heap object of at least a few hundred bytes;
        assertThat(virtual.get("heap_bytes_per_thread")).isGreaterThan(200.0);
        assertThat(virtual.get("bytes_per_thread")).isGreaterThan(200.0);
        // a platform thread has an OS stack (a page at least) and the JVM's thread structures outside the heap.
        assertThat(platform.get("native_bytes_per_thread")).isGreaterThan(4096.0);
        assertThat(platform.get("bytes_per_thread")).isGreaterThan(virtual.get("bytes_per_thread"));
        assertThat(platform.get("platform_ceiling")).isGreaterThan(0.0);
        assertThat(virtual).doesNotContainKey("platform_ceiling");
    }

    @Test
    void deeperStacksCostAVirtualThreadMoreHeap() throws Exception {
        Map<String, Double> shallow = measured(run("virtual", 2000, 1));
        Map<String, Double> deep = measured(run("virtual", 2000, 200));
        // 199 more frames of descend, each at least a return address and a saved local: 199 × 16 bytes.
        assertThat(deep.get("heap_bytes_per_thread") - shallow.get("heap_bytes_per_thread")).isGreaterThan(199 * 16.0);
    }

    @Test
    void platformThreadsAboveTheCeilingAreNotApplicable() throws Exception {
        long above = PlatformThreadCeiling.detect().threads() * 2;
        TrialSpec spec = new TrialSpec("memory", "platform", Map.of("threads", String.valueOf(above)), 0, 1, 1);
        TrialOutcome o = runner.run(spec, Jdk.current(), flags, Duration.ofMinutes(1), dir.resolve("ceiling.log"),
                ProgressListener.NONE);
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(o.error()).contains(String.format(java.util.Locale.ROOT, "%,d platform threads", above))
                .contains("safe ceiling of");
    }

    @Test
    void theCeilingIsTheTightestLimitLessASpareQuarter() {
        PlatformThreadCeiling c = PlatformThreadCeiling.of(List.of(new PlatformThreadCeiling.Limit("a", 40_000),
                new PlatformThreadCeiling.Limit("b", 20_000)));
        assertThat(c.threads()).isEqualTo(15_000);
        assertThat(c.limitedBy()).startsWith("b less 25%").contains("a 40000");
    }

    @Test
    void nativeMemoryTrackingSummaryIsParsed() {
        NativeMemory m = NativeMemory.parse("""
                Native Memory Tracking:

                Total: reserved=2000KB, committed=1000KB
                       malloc: 10KB #1
                -                 Java Heap (reserved=1024KB, committed=600KB)
                                            (mmap: reserved=1024KB, committed=600KB)
                -                    Thread (reserved=300KB, committed=200KB)
                                            (threads #3)
                """);
        assertThat(m.totalCommitted()).isEqualTo(1000 * 1024L);
        assertThat(m.committed("Thread")).isEqualTo(200 * 1024L);
        assertThat(m.nativeCommitted()).isEqualTo(400 * 1024L);
        assertThat(NativeMemory.parse("Native memory tracking is not enabled")).isNull();
    }
}
