package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab assess} end to end, on a service it starts itself ({@link AssessTestService}): 4 platform threads that
 * each hold a request 20 ms (at most 200 answers a second) against virtual threads limited to 8 at once (400 a second).
 */
class AssessCliTest {
    @TempDir
    Path tmp;

    /** The command that starts the test service on {@code port}, with this JVM's java and the test classes. */
    private static String app(int port) {
        return ProcessHandle.current().info().command().orElse("java") + " -cp " + System.getProperty("java.class.path")
                + " " + AssessTestService.class.getName() + " " + port;
    }

    /**
     * Both arms searched and then compared in alternating turns; the platform arm stops at its pool's bound, which no
     * rate can pass (4 threads × 50 requests a second), and the virtual arm above it. Nothing of the service is left.
     * About 35 s: two searches of four or five 2-second steps, and six starts of the service; it is the command users
     * run, with nothing left out.
     */
    @Test
    void bothArmsAreSearchedThenComparedInTurnsAndNothingIsLeftBehind() throws Exception {
        int port = LiveRun.freePort();
        Path out = tmp.resolve("assess");
        CliHarness.Outcome o = CliHarness.run("assess", "--app", app(port), "--url", "http://127.0.0.1:" + port + "/work",
                "--arm", "platform=-Dthreads=platform", "--arm", "virtual=-Dthreads=virtual", "--slo", "p50<400ms",
                "--start-rate", "150/s", "--precision", "20%", "--warmup", "500ms", "--duration", "1s", "--turns", "2", "--at", "50%",
                "--fail-if-worse", "virtual", "--prof", "jfr", "--out", out.toString());
        AssessExampleTest.assertExitZeroOrOnlyInvalid(o, out);

        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).extracting(r -> r.get("params").get("arm").asText() + " " + r.get("model").asText())
                .hasSize(4).contains("platform open:max", "virtual open:max");
        JsonNode platform = results.get(0);
        JsonNode virtual = results.get(1);
        assertThat(platform.get("arm").get("flags").get(0).asText()).isEqualTo("-Dthreads=platform");
        double platformMax = platform.get("metrics").get("max_rate_per_s").get("median").asDouble();
        double virtualMax = virtual.get("metrics").get("max_rate_per_s").get("median").asDouble();
        // 4 threads each holding a request 20 ms answer at most 200 a second, whatever the machine
        assertThat(platformMax).isLessThanOrEqualTo(200 * 1.02).isGreaterThan(50);
        assertThat(virtualMax).isGreaterThan(platformMax);
        for (JsonNode pooled : results.subList(2, 4)) {
            assertThat(pooled.get("forks").asInt()).as("one run per turn").isEqualTo(2);
            assertThat(pooled.get("params").get("rate").asDouble()).as("half the lowest capacity")
                    .isCloseTo(platformMax / 2, org.assertj.core.data.Offset.offset(1.0));
            assertThat(pooled.get("metrics").get("run_latency_p99_ms").get("n").asInt()).isEqualTo(2);
            // every request waits 20 ms in the service
            assertThat(pooled.get("metrics").get("run_latency_p50_ms").get("min").asDouble()).isGreaterThanOrEqualTo(20.0);
        }
        try (var logs = Files.list(out.resolve("logs"))) {
            List<String> names = logs.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("app-")).toList();
            assertThat(names).filteredOn(n -> n.endsWith(".log")).as("a log per start: two searches, two turns of two arms")
                    .hasSize(6);
            // written by the service's JVM as it ended, asked to (not killed)
            assertThat(names).filteredOn(n -> n.endsWith(".jfr")).as("a recording per start").hasSize(6);
        }
        // --prof: each arm's first turn profiled, a flame graph each
        assertThat(out.resolve("logs/prof-platform/program-cpu.html")).isNotEmptyFile();
        assertThat(out.resolve("logs/prof-virtual/program-cpu.html")).isNotEmptyFile();
        JsonNode platformAtRate = results.get(2).get("params").get("arm").asText().equals("platform") ? results.get(2) : results.get(3);
        // inside the service: its pool's 4 threads and its main thread at least, in each turn
        assertThat(platformAtRate.get("metrics").get("server_threads_peak").get("min").asDouble()).isGreaterThanOrEqualTo(5);
        // a virtual thread that sleeps outside any monitor unmounts: nothing pins
        assertThat(results.get(3).get("metrics").get("pinned_events").get("max").asDouble()).isZero();
        assertThat(o.out()).contains("Answer for http://127.0.0.1:" + port + "/work").contains("- throughput: platform")
                .contains("too few turns to judge").contains("- memory and threads at").contains("- pinning at");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("")
                .contains(AssessTestService.class.getName()))).as("no service left behind").isEmpty();
    }

    @Test
    void profilingNeedsACommandThatStartsWithJava() {
        CliHarness.assertBadInput(CliHarness.run("assess", "--app", "./start.sh", "--url", "http://127.0.0.1:9/",
                "--arm", "a=-Da=1", "--arm", "b=-Db=1", "--prof", "jfr", "--dry-run"), "--prof needs a command that starts with java");
    }

    @Test
    void aNonSpringServiceNeedsTwoArms() {
        CliHarness.assertBadInput(CliHarness.run("assess", "--app", "java -cp x Main", "--url", "http://127.0.0.1:9/",
                "--arm", "platform=-Dx=1"), "assess compares at least two arms");
    }

    @Test
    void aCommandThatDoesNotStartIsBadInputAndLeavesItsLog() throws Exception {
        int port = LiveRun.freePort();
        Path out = tmp.resolve("no-start");
        CliHarness.Outcome o = CliHarness.run("assess", "--app", "java -cp " + tmp + " NoSuchMain", "--url",
                "http://127.0.0.1:" + port + "/", "--arm", "a=-Da=1", "--arm", "b=-Db=1", "--out", out.toString());
        // the plan and the start went to stderr before it failed: the last line says why, in one line
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().strip().lines().toList().getLast())
                .startsWith("loomlab: the service did not start as a: the service exited with code 1 before")
                .contains("Could not find or load main class NoSuchMain");
        assertThat(out.resolve("logs/app-a-search.log")).content().contains("NoSuchMain");
        assertThat(out.resolve("results.jsonl")).doesNotExist();
    }

    @Test
    void aPortAlreadyTakenIsBadInput() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CliHarness.assertBadInput(CliHarness.run("assess", "--app", "java -cp x Main", "--url",
                    "http://127.0.0.1:" + taken.getLocalPort() + "/", "--arm", "a=-Da=1", "--arm", "b=-Db=1"),
                    "port " + taken.getLocalPort() + " of http://127.0.0.1:" + taken.getLocalPort() + "/ is already taken by process "
                            + ProcessHandle.current().pid());
        }
    }

    @Test
    void failIfWorseNamesAnArmThatIsNotTheFirst() {
        CliHarness.assertBadInput(CliHarness.run("assess", "--app", "java -cp x Main", "--url", "http://127.0.0.1:9/",
                "--arm", "a=-Da=1", "--arm", "b=-Db=1", "--fail-if-worse", "c", "--dry-run"), "--fail-if-worse c: no such arm");
        CliHarness.assertBadInput(CliHarness.run("assess", "--app", "java -cp x Main", "--url", "http://127.0.0.1:9/",
                "--arm", "a=-Da=1", "--arm", "b=-Db=1", "--fail-if-worse", "a", "--dry-run"), "is the first arm");
    }

    @Test
    void aDryRunPrintsThePlanAndStartsNothing() {
        CliHarness.Outcome o = CliHarness.run("assess", "--app", "java -cp x Main", "--url", "http://127.0.0.1:9/",
                "--arm", "a=-Da=1", "--arm", "b=-Db=1", "--dry-run");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("arm a: -Da=1").contains("arm b: -Db=1").contains("5 alternating turns each (a b …)")
                .contains("in all");
    }
}
