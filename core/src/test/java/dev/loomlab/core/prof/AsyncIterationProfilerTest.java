package dev.loomlab.core.prof;

import dev.loomlab.core.outcome.ProfileRecord;

import jdk.jfr.consumer.RecordedEvent;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** --prof async:EVENT: async-profiler on for the measured iterations only, its output one JFR file. */
class AsyncIterationProfilerTest {
    /**
     * One directory for the library in this JVM: async-profiler's Java API loads its library once, and a
     * second copy from another path would be a second profiler in the process.
     */
    static final Path LIBRARY_DIR = Path.of("target", "async-profiler-test-library").toAbsolutePath();
    private static final long CPU_MS = 200;

    @TempDir
    Path dir;

    @BeforeAll
    static void asyncProfilerHasALibraryHere() {
        assumeTrue(AsyncProfilerLibrary.current().supported(), "async-profiler has no library for this platform");
    }

    @Test
    void cpuSamplesTheMeasuredIterationsIntoOneFileAndNothingAroundThem() throws Exception {
        Path target = dir.resolve("trial.async-cpu.jfr");
        AsyncIterationProfiler async = new AsyncIterationProfiler(ProfilerSpec.async("cpu"), target, LIBRARY_DIR);
        Work.warmUpWork(CPU_MS);
        async.resume();
        Work.firstIterationWork(CPU_MS);
        assertThat(async.pause()).isEmpty();
        Work.betweenIterationsWork(CPU_MS);
        async.resume();
        Work.secondIterationWork(CPU_MS);
        async.pause();
        Work.betweenIterationsWork(CPU_MS);
        ProfileRecord record = async.finish();

        assertThat(record.error()).isNull();
        assertThat(record.files()).containsExactly("trial.async-cpu.jfr");
        List<RecordedEvent> events = Profiles.events(target);
        // 200 ms of the thread's CPU at async-profiler's 10 ms: about 20 samples each
        assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "firstIterationWork")).isPositive();
        assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "secondIterationWork")).isPositive();
        assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "warmUpWork")).isZero();
        assertThat(Profiles.withMethod(events, "jdk.ExecutionSample", "betweenIterationsWork")).isZero();
        // async-profiler's converter, which the reports use, reads both iterations from the one file
        assertThat(Profiles.convertedWithMethod(target, "firstIterationWork")).isPositive();
        assertThat(Profiles.convertedWithMethod(target, "secondIterationWork")).isPositive();
        assertThat(Profiles.convertedWithMethod(target, "betweenIterationsWork")).isZero();
        // the note names the engine the profile itself records
        String engine = Profiles.activeSetting(events, "engine");
        assertThat(engine).isNotNull();
        assertThat(record.note()).isEqualTo(AsyncEngineNote.cpu(engine, AsyncEngineNote.perfEventParanoid()));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("trial.async-cpu.jfr");
        }
    }

    /** Code a test runs inside or outside the profiled iteration. */
    private interface Step {
        void run() throws Exception;
    }

    /**
     * Profiles async-profiler's {@code event} into {@code target} around {@code iteration}, the one measured
     * iteration, then runs {@code after} unprofiled, and finishes.
     */
    private static ProfileRecord profileOneIteration(String event, Path target, Step iteration, Step after) throws Exception {
        AsyncIterationProfiler async = new AsyncIterationProfiler(ProfilerSpec.async(event), target, LIBRARY_DIR);
        async.resume();
        iteration.run();
        async.pause();
        after.run();
        return async.finish();
    }

    @Test
    void wallSamplesAThreadThatSleepsThroughTheIteration() throws Exception {
        Path target = dir.resolve("wall.jfr");
        ProfileRecord record = profileOneIteration("wall", target, AsyncIterationProfilerTest::sleepingIteration, () -> {
        });

        assertThat(record.error()).isNull();
        assertThat(record.note()).contains("every 10ms");
        // 300 ms asleep, a sample every 10 ms whatever the thread does
        assertThat(Profiles.withMethod(Profiles.events(target), "profiler.WallClockSample", "sleepingIteration")).isPositive();
    }

    private static void sleepingIteration() throws InterruptedException {
        Thread.sleep(300);
    }

    @Test
    void allocSamplesWhereTheIterationAllocated() throws Exception {
        Path target = dir.resolve("alloc.jfr");
        ProfileRecord record = profileOneIteration("alloc", target, AsyncIterationProfilerTest::allocatingIteration,
                AsyncIterationProfilerTest::allocatingOutside);

        assertThat(record.error()).isNull();
        List<RecordedEvent> events = Profiles.events(target);
        // 256 MiB allocated, a sample about every 512 KiB
        long inside = Profiles.withMethod(events, "jdk.ObjectAllocationInNewTLAB", "allocatingIteration")
                + Profiles.withMethod(events, "jdk.ObjectAllocationOutsideTLAB", "allocatingIteration");
        long outside = Profiles.withMethod(events, "jdk.ObjectAllocationInNewTLAB", "allocatingOutside")
                + Profiles.withMethod(events, "jdk.ObjectAllocationOutsideTLAB", "allocatingOutside");
        assertThat(inside).isPositive();
        assertThat(outside).isZero();
    }

    private static volatile Object keep;

    private static void allocatingIteration() {
        for (int i = 0; i < 4096; i++) {
            keep = new byte[64 * 1024];
        }
    }

    private static void allocatingOutside() {
        for (int i = 0; i < 4096; i++) {
            keep = new byte[64 * 1024];
        }
    }

    @Test
    void lockRecordsTheContendedMonitorsOfTheIterationAndNoneAfterIt() throws Exception {
        Path target = dir.resolve("lock.jfr");
        int contended = 3;
        ProfileRecord record = profileOneIteration("lock", target, () -> {
            for (int i = 0; i < contended; i++) {
                contend();
            }
        }, AsyncIterationProfilerTest::contend);

        assertThat(record.error()).isNull();
        // each contend() waits once, 20 ms at least, for a Monitor another thread holds
        long entered = Profiles.events(target).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.JavaMonitorEnter"))
                .filter(e -> e.getClass("monitorClass").getName().equals(Monitor.class.getName()))
                .count();
        assertThat(entered).isEqualTo(contended);
    }

    private static final class Monitor {
    }

    /** The calling thread blocks on a Monitor another thread holds until it sees it blocked, then 20 ms more. */
    private static void contend() throws InterruptedException {
        Monitor monitor = new Monitor();
        Thread caller = Thread.currentThread();
        CountDownLatch held = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().start(() -> {
            synchronized (monitor) {
                held.countDown();
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (caller.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        held.await();
        synchronized (monitor) {
            Work.sink++;
        }
        holder.join();
    }

    @Test
    void aProfilerAlreadyRunningInTheJvmMakesTheProfileMissingAndTheMeasurementGoesOn() throws Exception {
        Path target = dir.resolve("busy.jfr");
        AsyncIterationProfiler async = new AsyncIterationProfiler(ProfilerSpec.async("cpu"), target, LIBRARY_DIR);
        AsyncProfiler other = AsyncProfiler.getInstance();
        other.execute("start,event=itimer");
        List<String> measured = new ArrayList<>();
        ProfileRecord record;
        try {
            async.resume();
            Work.firstIterationWork(10);
            measured.add("iteration 1");
            async.pause();
            async.resume();
            measured.add("iteration 2");
            async.pause();
            record = async.finish();
            assertThat(other.execute("status")).as("the other session is left alone").contains("running");
        } finally {
            other.execute("stop");
        }

        assertThat(measured).containsExactly("iteration 1", "iteration 2");
        assertThat(record).isEqualTo(new ProfileRecord("async:cpu", List.of(), null,
                "start failed: IllegalStateException: Profiler already started"));
        assertThat(target).doesNotExist();
    }

    @Test
    void theStartAndResumeCommandsRepeatTheOptions() {
        AsyncIterationProfiler wall = new AsyncIterationProfiler(ProfilerSpec.async("wall"), dir.resolve("w.jfr"), LIBRARY_DIR);
        String start = wall.command("start");
        String resume = wall.command("resume");
        assertThat(start).startsWith("start,event=wall,interval=10ms,jfr,file=");
        assertThat(resume.substring("resume".length())).isEqualTo(start.substring("start".length()));
        wall.finish();
    }
}
