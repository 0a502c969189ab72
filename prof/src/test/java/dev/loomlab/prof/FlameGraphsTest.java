package dev.loomlab.prof;

import dev.loomlab.core.prof.JfrEvents;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

class FlameGraphsTest {
    @TempDir
    static Path dir;
    private static Path jfr;
    private static long cpuSamples;

    @BeforeAll
    static void record() throws Exception {
        jfr = Recordings.record(dir, "cpu", () -> {
            try (var ex = Executors.newVirtualThreadPerTaskExecutor()) {
                ex.submit(FlameGraphsTest::burnForTheFlameGraph);
            }
        });
        cpuSamples = Recordings.events(jfr, e -> e.getEventType().getName().equals(JfrEvents.EXECUTION_SAMPLE)).size();
    }

    private static double burnForTheFlameGraph() {
        return Recordings.spin(800);
    }

    @Test
    void theCpuGraphDrawsEverySampleWithTheBusyMethodOnAnOfflinePage() throws Exception {
        Path html = dir.resolve("out/cpu.html");

        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.CPU, "cpu-pi · virtual", html);

        assertThat(page.written()).isTrue();
        assertThat(page.html()).isEqualTo(html).exists();
        assertThat(page.samples()).isEqualTo(cpuSamples);
        assertThat(page.missing()).isNull();
        Map<String, Long> stacks = Pages.stacks(html);
        assertThat(stacks.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(cpuSamples);
        assertThat(stacks.keySet()).anyMatch(s -> s.contains("dev.loomlab.prof.FlameGraphsTest.burnForTheFlameGraph;dev.loomlab.prof.Recordings.spin"));
        assertThat(Files.readString(html)).contains("<h1>cpu-pi · virtual (CPU samples)</h1>");
        assertThat(Pages.loadsRemote(html)).isFalse();
    }

    @Test
    void theTitleIsEscaped() throws Exception {
        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.CPU, "<b>a & b</b>", dir.resolve("escaped.html"));

        assertThat(Files.readString(page.html())).contains("<h1>&lt;b&gt;a &amp; b&lt;/b&gt; (CPU samples)</h1>").doesNotContain("<b>a");
    }

    @Test
    void aJdkRecordingHasNoWallClockGraphAndSaysWhy() throws Exception {
        Path html = dir.resolve("wall.html");

        FlameGraphPage page = FlameGraphs.write(jfr, SampleKind.WALL, "t", html);

        assertThat(page.written()).isFalse();
        assertThat(page.samples()).isZero();
        assertThat(page.missing()).startsWith("no wall-clock samples (profiler.WallClockSample)").contains("cpu.jfr");
        assertThat(html).doesNotExist();
    }

    @Test
    void writeAllWritesOnePagePerKindWithSamples() throws Exception {
        Path out = dir.resolve("all");

        List<FlameGraphPage> pages = FlameGraphs.writeAll(jfr, "t", out, "trial-1");

        assertThat(pages).extracting(FlameGraphPage::kind).containsExactly(SampleKind.values());
        assertThat(pages.get(0).html()).isEqualTo(out.resolve("trial-1-cpu.html"));
        assertThat(pages.get(0).samples()).isEqualTo(cpuSamples);
        assertThat(pages.get(1).written()).isFalse();
        for (FlameGraphPage p : pages) {
            assertThat(p.written()).isEqualTo(p.html() != null && Files.exists(p.html()));
            assertThat(p.written() ? p.samples() > 0 : p.missing() != null).isTrue();
        }
    }
}
