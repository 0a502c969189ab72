package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
        // The sockets are checked at the first answer, while the endpoint listens (scrapeUntilDone returns after the run).
        String first = null;
        while (first == null && run.running()) {
            first = run.scrape();
            if (first == null) {
                Thread.sleep(50);
            }
        }
        assertThat(first).as("an answer while the run ran").isNotNull();
        assertNotReachableOutsideLoopback(run.port);
        answers.add(first);
        answers.addAll(run.scrapeUntilDone(300));
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

    /**
     * The kernel's own table of listening sockets ({@code /proc/net/tcp} and {@code /proc/net/tcp6}, state
     * {@code 0A}) holds {@code port}, and every socket listening on it is bound to a loopback address
     * (127.0.0.0/8, {@code ::1}, or {@code ::ffff:127.x.y.z} on a dual-stack socket), never to the wildcard
     * {@code 0.0.0.0} / {@code ::} or an address other machines can reach.
     */
    static void assertNotReachableOutsideLoopback(int port) throws IOException {
        List<String> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (!Files.isReadable(file)) {
                continue;
            }
            for (String row : Files.readAllLines(file).stream().skip(1).toList()) {
                // sl local_address rem_address st …; local_address is HEXADDR:HEXPORT
                String[] f = row.strip().split("\\s+");
                String[] local = f[1].split(":");
                if (f[3].equals("0A") && Integer.parseInt(local[1], 16) == port) {
                    InetAddress a = procAddress(local[0]);
                    listening.add(a.getHostAddress());
                    assertThat(a.isLoopbackAddress()).as("%s: the metrics port %d listens on %s (%s)", table, port, a.getHostAddress(),
                            a.isAnyLocalAddress() ? "every interface" : "not loopback").isTrue();
                }
            }
        }
        assertThat(listening).as("sockets listening on port %d in /proc/net/tcp and /proc/net/tcp6", port).isNotEmpty();
    }

    /**
     * An address as {@code /proc/net/tcp*} writes it: the bytes in 32-bit words, each in the host's byte order
     * ({@code 0100007F} is 127.0.0.1 on a little-endian machine). An IPv4-mapped IPv6 address comes back as IPv4.
     */
    private static InetAddress procAddress(String hex) throws IOException {
        byte[] bytes = new byte[hex.length() / 2];
        boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int from = word * 4 + (little ? 3 - i : i);
                bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(2 * from, 2 * from + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }
}
