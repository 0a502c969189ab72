package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import dev.loomlab.core.stats.Metric;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.loomlab.core.prof.AsyncIterationProfilerTest.LIBRARY_DIR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A trial's profilers together: their order, their files beside the trial's, one failing alone. */
class IterationProfilersTest {

    @TempDir
    Path dir;

    @Test
    void profilesAreNamedAfterTheBase() {
        Path base = Path.of("results", "trial-3");
        assertThat(IterationProfilers.fileFor(base, ProfilerSpec.jfr())).isEqualTo(Path.of("results", "trial-3.jfr"));
        assertThat(IterationProfilers.fileFor(base, ProfilerSpec.async("wall"))).isEqualTo(Path.of("results", "trial-3.async-wall.jfr"));
        assertThat(IterationProfilers.fileFor(base, ProfilerSpec.gc())).isNull();
    }

    @Test
    void noProfilerDoesNothing() {
        IterationProfilers none = IterationProfilers.none();
        none.resume();
        assertThat(none.pause()).isEmpty();
        assertThat(none.finish()).isEmpty();
        assertThat(none.isEmpty()).isTrue();
    }

    @Test
    void theProfilersRunTogetherEachWritingBesideTheBase() throws Exception {
        assumeTrue(AsyncProfilerLibrary.current().supported(), "async-profiler has no library for this platform");
        Path base = dir.resolve("results").resolve("trial-3");
        IterationProfilers profilers = IterationProfilers.of(ProfilerSpec.parseAll(List.of("gc", "async:cpu", "jfr")), base, LIBRARY_DIR);

        assertThat(profilers.profilers()).extracting(p -> p.spec().toString()).containsExactly("jfr", "async:cpu", "gc");
        profilers.resume();
        Work.firstIterationWork(100);
        Map<String, Double> metrics = profilers.pause();
        List<ProfileRecord> records = profilers.finish();

        String aHeapPool = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .findFirst().orElseThrow().getName();
        assertThat(metrics).containsKeys(Metric.ALLOCATED_MB.name(), Metric.GC_COUNT.name(), GcProfiler.churnMetric(aHeapPool));
        assertThat(records).containsExactly(
                new ProfileRecord("jfr", List.of("trial-3.jfr"), null, null),
                new ProfileRecord("async:cpu", List.of("trial-3.async-cpu.jfr"), records.get(1).note(), null),
                new ProfileRecord("gc", List.of(), null, null));
        for (String file : List.of("trial-3.jfr", "trial-3.async-cpu.jfr")) {
            assertThat(Profiles.withMethod(Profiles.events(base.resolveSibling(file)), "jdk.ExecutionSample", "firstIterationWork"))
                    .as(file).isPositive();
        }
    }

    @Test
    void aProfilerThatFailsLeavesTheOthersTheirProfiles() throws Exception {
        assumeTrue(AsyncProfilerLibrary.current().supported(), "async-profiler has no library for this platform");
        Path base = dir.resolve("trial");
        IterationProfilers profilers = IterationProfilers.of(ProfilerSpec.parseAll(List.of("jfr", "async:wall", "gc")), base, LIBRARY_DIR);
        AsyncProfiler other = AsyncProfiler.getInstance();
        other.execute("start,event=itimer");
        List<ProfileRecord> records;
        Map<String, Double> metrics;
        try {
            profilers.resume();
            Work.firstIterationWork(50);
            metrics = profilers.pause();
            records = profilers.finish();
        } finally {
            other.execute("stop");
        }

        assertThat(records).extracting(ProfileRecord::missing).containsExactly(false, true, false);
        assertThat(records.get(1).error()).isEqualTo("start failed: IllegalStateException: Profiler already started");
        assertThat(metrics).containsKey(Metric.ALLOCATED_MB.name());
        assertThat(Profiles.withMethod(Profiles.events(dir.resolve("trial.jfr")), "jdk.ExecutionSample", "firstIterationWork"))
                .isPositive();
        assertThat(dir.resolve("trial.async-wall.jfr")).doesNotExist();
    }
}
