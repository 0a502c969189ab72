package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code --metrics-port}: a live run answers with Prometheus text whose task count rises, only on loopback;
 * the dashboard and the alert rules in docs/ use only metrics a live run exposes, and promtool accepts the rules.
 */
class MonitoringTest {
    private static final Path DOCS = Path.of(System.getProperty("loomlab.home", "..")).resolve("docs");
    private static final Path DASHBOARD = DOCS.resolve("grafana/loomlab.json");
    private static final Path ALERTS = DOCS.resolve("prometheus/alerts.yml");
    private static final Pattern METRIC = Pattern.compile("\\bloomlab_[A-Za-z0-9_]*");

    @TempDir
    Path dir;

    @Test
    void aLiveRunAnswersWithARisingTaskCountAndEveryMetricTheDashboardAndAlertsUse() throws Exception {
        LiveRun run = LiveRun.start(dir.resolve("out"));
        List<String> answers = new ArrayList<>();
        boolean checkedInterfaces = false;
        for (String answer : run.scrapeUntilDone(300)) {
            answers.add(answer);
            if (!checkedInterfaces) {
                assertNotReachableOutsideLoopback(run.port);
                checkedInterfaces = true;
            }
        }
        CliHarness.Outcome o = run.outcome();
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("loomlab: Prometheus metrics at http://127.0.0.1:" + run.port + "/metrics");
        assertThat(answers).as("answers while the run ran").hasSizeGreaterThanOrEqualTo(3);

        // The endpoint listens before the run's meters exist (it is checked before the results folder is made).
        List<Double> completed = answers.stream().map(a -> LiveRun.value(a, "loomlab_tasks_completed_total"))
                .filter(v -> v.isPresent()).map(v -> v.getAsDouble()).toList();
        assertThat(completed).as("answers with the task count").hasSizeGreaterThanOrEqualTo(3);
        assertThat(completed).isSorted();
        assertThat(completed.getLast()).isLessThanOrEqualTo(LiveRun.TASKS * LiveRun.ITERATIONS);
        assertThat(new TreeSet<>(completed)).as("values of loomlab_tasks_completed_total").hasSizeGreaterThanOrEqualTo(2);
        assertThat(completed).as("a count between the start and the end of an iteration")
                .anyMatch(c -> c % LiveRun.TASKS != 0);

        // The task latency histogram grows by a whole measured iteration at a time; a 100 ms sleep puts
        // nothing at or under 50 ms.
        List<Double> timed = answers.stream().map(a -> LiveRun.value(a, "loomlab_task_duration_seconds_count"))
                .filter(v -> v.isPresent()).map(v -> v.getAsDouble()).toList();
        assertThat(timed).isSorted().allMatch(c -> c % LiveRun.TASKS == 0);
        assertThat(timed.getLast()).isBetween((double) LiveRun.TASKS, (double) LiveRun.TASKS * LiveRun.ITERATIONS);
        for (String a : answers) {
            OptionalDouble count = LiveRun.value(a, "loomlab_task_duration_seconds_count");
            if (count.isPresent() && count.getAsDouble() > 0) {
                assertThat(LiveRun.value(a, "loomlab_task_duration_seconds_bucket{le=\"+Inf\"}")).hasValue(count.getAsDouble());
                assertThat(LiveRun.value(a, "loomlab_task_duration_seconds_bucket{le=\"0.05\"}")).hasValue(0.0);
                assertThat(LiveRun.value(a, "loomlab_task_duration_seconds_sum").orElseThrow())
                        .isGreaterThanOrEqualTo(0.1 * count.getAsDouble());
            }
        }

        Set<String> exposed = new TreeSet<>();
        answers.forEach(a -> exposed.addAll(LiveRun.names(a)));
        Set<String> dashboard = namesIn(dashboardExpressions());
        Set<String> alerts = namesIn(alertExpressions());
        assertThat(dashboard).as("metrics in the dashboard").contains("loomlab_tasks_completed_total", "loomlab_run_progress");
        assertThat(alerts).as("metrics in the alert rules").contains("loomlab_task_latency_seconds", "loomlab_tasks_failed_total",
                "loomlab_http_latency_seconds", "loomlab_http_requests_total");
        assertThat(dashboard).as("the HTTP golden signals in the dashboard").contains("loomlab_http_requests_total",
                "loomlab_http_errors_total", "loomlab_http_latency_seconds", "loomlab_server_cpu_ratio", "loomlab_server_threads",
                "loomlab_server_rss_bytes", "loomlab_server_open_connections");
        assertThat(exposed).as("exposed by a live run").containsAll(dashboard).containsAll(alerts);
    }

    @Test
    void aMetricsPortInUseIsBadInputBeforeAnyTrial() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path out = dir.resolve("never");
            CliHarness.Outcome o = CliHarness.run("run", "sleep", "--metrics-port", Integer.toString(taken.getLocalPort()),
                    "--out", out.toString());
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.err().lines().toList()).hasSize(1).first().asString()
                    .startsWith("loomlab: --metrics-port " + taken.getLocalPort()).contains("in use");
            assertThat(out).doesNotExist();
        }
    }

    @Test
    void promtoolAcceptsTheAlertRules() throws Exception {
        Path promtool = InstalledTool.require("promtool", "apt-get install prometheus");
        Process p = new ProcessBuilder(promtool.toString(), "check", "rules", ALERTS.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("promtool did not finish in a minute");
        }
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("SUCCESS: 6 rules found");
    }

    /** The PromQL of every panel target of the dashboard. */
    static List<String> dashboardExpressions() throws IOException {
        List<String> exprs = new ArrayList<>();
        collect(Json.mapper().readTree(DASHBOARD.toFile()), exprs);
        return exprs;
    }

    private static void collect(JsonNode node, List<String> exprs) {
        if (node.isObject()) {
            JsonNode expr = node.get("expr");
            if (expr != null && expr.isTextual()) {
                exprs.add(expr.asText());
            }
        }
        node.forEach(child -> collect(child, exprs));
    }

    /** The {@code expr} of every rule in the rules file: one line, or the indented lines of a {@code |} block. */
    static List<String> alertExpressions() throws IOException {
        List<String> lines = Files.readAllLines(ALERTS);
        List<String> exprs = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int at = line.indexOf("expr:");
            if (at < 0 || line.strip().startsWith("#")) {
                continue;
            }
            String value = line.substring(at + "expr:".length()).strip();
            if (!value.equals("|") && !value.equals(">")) {
                exprs.add(value);
                continue;
            }
            StringBuilder block = new StringBuilder();
            while (i + 1 < lines.size() && (lines.get(i + 1).isBlank() || indent(lines.get(i + 1)) > indent(line))) {
                block.append(lines.get(++i).strip()).append('\n');
            }
            exprs.add(block.toString());
        }
        return exprs;
    }

    private static int indent(String line) {
        return line.length() - line.stripLeading().length();
    }

    private static Set<String> namesIn(List<String> expressions) {
        Set<String> names = new LinkedHashSet<>();
        for (String e : expressions) {
            Matcher m = METRIC.matcher(e);
            while (m.find()) {
                names.add(m.group());
            }
        }
        return names;
    }

    /** Connecting to {@code port} on any address of this machine outside 127.0.0.0/8 is refused. */
    static void assertNotReachableOutsideLoopback(int port) throws IOException {
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nif.isUp()) {
                continue;
            }
            for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                if (a.isLoopbackAddress() || a.isLinkLocalAddress()) {
                    continue;
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(a, port), 2000);
                    fail("the metrics endpoint answers on " + a.getHostAddress());
                } catch (IOException expected) {
                    // refused (or unanswered): nothing listens there
                }
            }
        }
    }
}
