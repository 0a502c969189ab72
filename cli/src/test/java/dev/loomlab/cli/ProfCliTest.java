package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run --prof}: each forked trial's measured iterations are profiled, and the result carries the
 * recordings, their flame graphs and top frames; bad profiler names are refused before any trial.
 */
class ProfCliTest {
    @TempDir
    Path tmp;

    @Test
    void cpuPiUnderAsyncAndJfrHasTheSeriesMethodOnTopOfEveryProfile() throws Exception {
        Path out = tmp.resolve("prof");
        CliHarness.runInto(out, "run", "cpu-pi", "-m", "virtual", "-p", "tasks=8", "--prof", "async:cpu",
                "--prof", "jfr", "--forks", "1", "--warmup", "1", "--iterations", "2");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(1);
        JsonNode r = results.get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        List<String> profilers = new ArrayList<>();
        for (JsonNode p : r.get("profiles")) {
            profilers.add(p.get("profiler").asText());
            assertThat(p.get("fork").asInt()).isEqualTo(1);
            assertThat(p.has("error")).as(p.toString()).isFalse();
            Path recording = out.resolve(p.get("files").get(0).asText());
            assertThat(recording).isNotEmptyFile();
            Path page = out.resolve(p.get("flame_graphs").get(0).asText());
            String html = Files.readString(page, StandardCharsets.UTF_8);
            // The page stores frame names prefix-compressed: the first letters of a name may be shared.
            assertThat(html).contains("ibnizPi").doesNotContain("src=\"http", "href=\"http");
            JsonNode top = p.get("top_frames");
            assertThat(top.get("samples").asLong()).isPositive();
            // The workload's series loop is where a CPU-bound task spends its time.
            assertThat(top.get("frames").get(0).get("frame").asText()).endsWith("CpuWorkload.leibnizPi");
        }
        assertThat(profilers).containsExactlyInAnyOrder("async:cpu", "jfr");
        // Both reports link every flame graph, by its path relative to the folder.
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        String md = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);
        for (JsonNode p : r.get("profiles")) {
            String page = p.get("flame_graphs").get(0).asText();
            assertThat(html).contains("href=\"" + page + "\"");
            assertThat(md).contains("[flame graph](" + page + ")");
        }
        assertThat(html).contains("CpuWorkload.leibnizPi");
        // The jfr profile's virtual-thread view: 8 tasks, each on a virtual thread started and ended per iteration.
        JsonNode view = null;
        for (JsonNode p : r.get("profiles")) {
            if (p.get("profiler").asText().equals("jfr")) {
                view = p.get("virtual_threads");
            }
        }
        assertThat(view).isNotNull();
        assertThat(view.get("started").asLong()).isGreaterThanOrEqualTo(8L * 2);
        assertThat(view.get("pinned").get("events").asLong()).isZero();
        assertThat(html).contains("virtual threads (JFR,");
    }

    /**
     * The web scenario's model is the server: it is profiled in its own JVM, beside the load side. One measured iteration:
     * each is profiled alike. It takes more than 10 s: a Spring server started and loaded by a trial JVM, both profiled.
     */
    @Test
    void aWebRunProfilesTheServerUnderTestWhoseFramesAreTomcats() throws Exception {
        Path out = tmp.resolve("web");
        // The test's trial JVM runs from the build's class path, not dist/lib: tell it where the servers are.
        CliHarness.runInto(out, "run", "web", "-m", "mvc-virtual", "-p", "users=20", "-p", "delay=10ms",
                "-p", "warmup=1s", "-p", "settle=0s", "-p", "duration=1s", "--prof", "async:wall", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--jvm-args", "-Dloomlab.home=" + System.getProperty("loomlab.home"));
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        String server = null;
        String load = null;
        for (JsonNode p : r.get("profiles")) {
            assertThat(p.get("profiler").asText()).isEqualTo("async:wall");
            assertThat(p.has("error")).as(p.toString()).isFalse();
            String page = Files.readString(out.resolve(p.get("flame_graphs").get(0).asText()), StandardCharsets.UTF_8);
            if (p.has("process")) {
                assertThat(p.get("process").asText()).isEqualTo("server MvcServer");
                server = page;
            } else {
                load = page;
            }
        }
        assertThat(server).as("the server's profile").isNotNull().contains("tomcat");
        assertThat(load).as("the load side's profile").isNotNull().doesNotContain("tomcat");
    }

    /** synchronized pins a virtual thread on JDK 21 and no longer on 25 (JEP 491): the virtual-thread view shows both. */
    @Test
    void theVirtualThreadViewShowsPinnedTimeOnJdk21AndNoneOn25() throws Exception {
        Path out = tmp.resolve("pinning");
        CliHarness.runInto(out, "run", "pinning", "-m", "virtual", "-p", "lock=synchronized", "-p", "tasks=20",
                "-p", "hold=20ms", "--prof", "jfr", "--jvm", Jdk21Runtime.home(), "--jvm", System.getProperty("java.home"),
                "--forks", "1", "--warmup", "1", "--iterations", "2");
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(2);
        for (JsonNode r : results) {
            JsonNode view = r.get("profiles").get(0).get("virtual_threads");
            double pinnedMs = view.get("pinned").get("time_ms").asDouble();
            if (r.get("jvm").get("version").asText().startsWith("21")) {
                // 20 tasks × 2 measured iterations, each sleeping 20 ms inside the monitor, pinned: the pin is the
                // sleep's park, which starts after the sleep's own bookkeeping (well under a millisecond).
                assertThat(view.get("pinned").get("events").asLong()).isGreaterThanOrEqualTo(20L * 2);
                assertThat(pinnedMs).isGreaterThanOrEqualTo(20 * 2 * 19.0);
                assertThat(r.get("profiles").get(0).get("verdict").asText()).contains("pinned to a carrier");
            } else {
                assertThat(view.get("pinned").get("events").asLong()).isZero();
                assertThat(pinnedMs).isZero();
            }
        }
    }

    /** The memory scenario runs its own iterations: each measured snapshot is profiled, its threads in the view. */
    @Test
    void theMemoryScenarioIsProfiledAroundEachSnapshot() throws Exception {
        Path out = tmp.resolve("memory");
        CliHarness.runInto(out, "run", "memory", "-m", "virtual", "-p", "threads=1000", "--prof", "jfr",
                "--forks", "1", "--warmup", "1", "--iterations", "2");
        JsonNode p = RunContractTest.results(out).get(0).get("profiles").get(0);
        assertThat(p.has("error")).as(p.toString()).isFalse();
        // 1,000 parked virtual threads per measured snapshot, two snapshots; the warm-up's are not recorded.
        assertThat(p.get("virtual_threads").get("started").asLong()).isBetween(2000L, 2000L + 100);
    }

    /** JMH measures in forks of its own: each is profiled, and the JVM hosting JMH, which measures nothing, is not. */
    @Test
    void aJmhResultHasOneProfilePerJmhFork() throws Exception {
        Path out = tmp.resolve("jmh");
        CliHarness.runInto(out, "run", "thread-start", "-m", "virtual", "-p", "threads=200", "-p",
                "iteration-time=100ms", "--prof", "jfr", "--forks", "2", "--warmup", "1", "--iterations", "2");
        JsonNode r = RunContractTest.results(out).get(0);
        assertThat(r.get("status").asText()).isEqualTo("ok");
        List<String> processes = new ArrayList<>();
        for (JsonNode p : r.get("profiles")) {
            assertThat(p.has("error")).as(p.toString()).isFalse();
            assertThat(out.resolve(p.get("files").get(0).asText())).isNotEmptyFile();
            assertThat(p.get("top_frames").get("samples").asLong()).isPositive();
            processes.add(p.get("process").asText());
        }
        assertThat(processes).containsExactly("JMH fork 1", "JMH fork 2");
    }

    @Test
    void anUnknownProfilerIsBadInputBeforeAnyTrial() {
        Path out = tmp.resolve("bad");
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "--prof", "perf", "--out", out.toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).startsWith("loomlab: ").contains("perf");
        assertThat(out).doesNotExist();
    }

    @Test
    void profilingAnInProcessTrialIsBadInput() {
        CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "--prof", "jfr", "--forks", "0",
                "--out", tmp.resolve("inproc").toString());
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).contains("--forks 0");
    }
}
