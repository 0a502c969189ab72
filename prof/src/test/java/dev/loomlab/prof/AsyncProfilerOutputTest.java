package dev.loomlab.prof;

import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * async-profiler's own JFR output, made in this JVM with the library its Maven Central jar ships: each mode's
 * samples are read, counted and drawn like a JDK recording's.
 */
class AsyncProfilerOutputTest {
    private static final String LIBRARY = "linux-x64/libasyncProfiler.so";

    @TempDir
    static Path dir;
    private static AsyncProfiler profiler;

    @BeforeAll
    static void load() throws Exception {
        assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "async-profiler's jar is used here for linux-x64 only");
        Path lib = dir.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(LIBRARY)) {
            assertThat(in).as(LIBRARY + " on the class path").isNotNull();
            Files.copy(in, lib);
        }
        profiler = AsyncProfiler.getInstance(lib.toString());
    }

    @Test
    void cpuSamplesAreExecutionSamplesWithTheBusyMethodOnTop() throws Exception {
        Path jfr = profile("cpu", "cpu,interval=1ms", () -> run(AsyncProfilerOutputTest::burnOnCpu));

        long events = Recordings.events(jfr, e -> e.getEventType().getName().equals("jdk.ExecutionSample")).size();
        TopFrames top = TopFrames.read(jfr, SampleKind.CPU, 3);
        assertThat(top.samples()).isPositive().isEqualTo(events);
        assertThat(top.frames()).extracting(TopFrames.TopFrame::frame).contains("dev.loomlab.prof.Recordings.spin");
        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.CPU, "async cpu", dir.resolve("cpu.html"));
        assertThat(page.samples()).isEqualTo(events);
        assertThat(Pages.stacks(page.html()).keySet())
                .anyMatch(s -> s.contains("dev.loomlab.prof.AsyncProfilerOutputTest.burnOnCpu;dev.loomlab.prof.Recordings.spin"));
        assertThat(Pages.loadsRemote(page.html())).isFalse();
    }

    @Test
    void wallClockSamplesCountEverySampleTheyStandFor() throws Exception {
        Path jfr = profile("wall", "wall,interval=1ms", () -> run(AsyncProfilerOutputTest::sleepOnTheWall));

        long samples = Recordings.events(jfr, e -> e.getEventType().getName().equals("profiler.WallClockSample")).stream()
                .mapToLong(e -> e.getLong("samples")).sum();
        TopFrames top = TopFrames.read(jfr, SampleKind.WALL, 5);
        assertThat(top.samples()).isPositive().isEqualTo(samples);
        assertThat(top.frames()).isNotEmpty();
        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.WALL, "async wall", dir.resolve("wall.html"));
        assertThat(page.samples()).isEqualTo(samples);
        Map<String, Long> stacks = Pages.stacks(page.html());
        assertThat(stacks.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(samples);
        assertThat(stacks.keySet()).anyMatch(s -> s.contains("dev.loomlab.prof.AsyncProfilerOutputTest.sleepOnTheWall;java.lang.Thread.sleep"));
    }

    @Test
    void allocationSamplesEndInTheClassAllocated() throws Exception {
        Path jfr = profile("alloc", "alloc", () -> run(AsyncProfilerOutputTest::allocate));

        assertThat(drawnStacks(jfr, SampleKind.ALLOC, "alloc"))
                .anyMatch(s -> s.contains("dev.loomlab.prof.AsyncProfilerOutputTest.allocate;") && s.endsWith(";byte[]"));
    }

    @Test
    void lockSamplesEndInTheClassLockedOn() throws Exception {
        Object monitor = new Object();
        Path jfr = profile("lock", "lock", () -> run(() -> contend(monitor), () -> contend(monitor)));

        assertThat(drawnStacks(jfr, SampleKind.LOCK, "lock"))
                .anyMatch(s -> s.contains("dev.loomlab.prof.AsyncProfilerOutputTest.contend") && s.endsWith(";java.lang.Object"));
    }

    /**
     * The stacks of {@code kind}'s flame graph of {@code jfr} (written as {@code name.html}), once its top frames are
     * checked to count every one of the recording's events of that kind.
     */
    private static Set<String> drawnStacks(Path jfr, SampleKind kind, String name) throws Exception {
        Set<String> types = kind.events();
        long events = Recordings.events(jfr, e -> types.contains(e.getEventType().getName())).size();
        TopFrames top = TopFrames.read(jfr, kind, 5);
        assertThat(top.samples()).isPositive().isEqualTo(events);
        FlameGraphPage page = FlameGraphs.write(jfr, kind, "async " + name, dir.resolve(name + ".html"));
        return Pages.stacks(page.html()).keySet();
    }

    /** Profiles {@code work} in async-profiler's mode {@code event} ({@code cpu,interval=1ms}, …) into a {@code .jfr}. */
    private static Path profile(String name, String event, Recordings.Work work) throws Exception {
        Path jfr = dir.resolve(name + ".jfr");
        profiler.execute("start,event=" + event + ",file=" + jfr + ",jfr");
        try {
            work.run();
        } finally {
            profiler.execute("stop");
        }
        return jfr;
    }

    /** Runs each task on a platform thread of its own and waits for all. */
    private static void run(Runnable... tasks) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable t : tasks) {
            threads.add(Thread.ofPlatform().start(t));
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private static void burnOnCpu() {
        Recordings.spin(600);
    }

    private static void sleepOnTheWall() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static volatile Object kept;

    private static void allocate() {
        for (int i = 0; i < 4000; i++) {
            kept = new byte[64 * 1024];
        }
    }

    private static void contend(Object monitor) {
        for (int i = 0; i < 5; i++) {
            synchronized (monitor) {
                Recordings.spin(20);
            }
        }
    }
}
