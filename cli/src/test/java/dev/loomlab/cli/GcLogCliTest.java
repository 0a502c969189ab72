package dev.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.trial.Jdk21Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every forked trial writes its GC log into the results folder's logs, and each ok result carries the
 * pauses of its measured iterations read from it: figures checked against the log's own pause lines and
 * against the collector MXBeans' count (gc_count), which the trial reads independently of the log. JMH's
 * forks and a server under test write logs of their own, and their results carry those pauses.
 */
class GcLogCliTest {
    /** A whole pause as G1 logs it: {@code [gc] GC(3) Pause Young (Normal) … 2.272ms}. */
    private static final Pattern PAUSE = Pattern.compile("\\[gc +\\] GC\\(\\d+\\) Pause (\\S+).* (\\d+\\.\\d+)ms$");
    private static final Pattern USING = Pattern.compile("\\[gc +\\] Using (.+)$");

    /**
     * An 8 MB young generation: 10,000 virtual threads allocate more than that in an iteration (about
     * 13 MB measured), so every iteration collects; the 64 MB heap holds the rest with room to spare.
     */
    private static final String SMALL_YOUNG = "-Xmx64m -Xmn8m";

    @TempDir
    Path tmp;

    @Test
    void aSmallHeapRunLogsItsPausesAndTheResultCarriesThoseOfTheMeasuredIterations() throws Exception {
        JsonNode r = runOne("run", "sleep", "-m", "virtual", "-p", "tasks=10000", "-p", "sleep=1ms", "--forks", "1",
                "--warmup", "1", "--iterations", "3", "--jvm-args", SMALL_YOUNG, "--out", tmp.resolve("small").toString());
        int forced = collectionsForcedBy(r, 8, 3);
        checkAgainstItsLog(r, tmp.resolve("small"), forced);
        assertThat(r.get("gc_pause_ms").get("count").asInt()).as("an 8 MB young generation collects").isGreaterThanOrEqualTo(forced);
        assertThat(r.get("metrics").get("allocation_rate_mb_per_s").get("median").asDouble()).isPositive();
    }

    @Test
    void aRunWithTheDefaultHeapCarriesGcFiguresToo() throws Exception {
        JsonNode r = runOne("run", "sleep", "-m", "virtual", "-p", "tasks=1000", "-p", "sleep=1ms", "--forks", "1",
                "--warmup", "1", "--iterations", "3", "--out", tmp.resolve("sleep").toString());
        // A heap of the JVM's choosing may never fill in so short a run: no pause is forced, the figures still hold.
        checkAgainstItsLog(r, tmp.resolve("sleep"), 0);
    }

    @Test
    void onJdk21Too() throws Exception {
        String jdk21 = Jdk21Runtime.home();
        JsonNode r = runOne("run", "sleep", "-m", "virtual", "-p", "tasks=10000", "-p", "sleep=1ms", "--forks", "1",
                "--warmup", "0", "--iterations", "2", "--jvm-args", SMALL_YOUNG, "--jvm", jdk21, "--out", tmp.resolve("21").toString());
        assertThat(r.get("jvm").get("version").asText()).startsWith("21");
        int forced = collectionsForcedBy(r, 8, 2);
        checkAgainstItsLog(r, tmp.resolve("21"), forced);
        assertThat(r.get("gc_pause_ms").get("count").asInt()).as("an 8 MB young generation collects").isGreaterThanOrEqualTo(forced);
    }

    /**
     * JMH measures in forks of its own: each fork writes its own log beside the trial's, and the result's
     * pauses are the forks' (a 4 MB young generation, which the forks inherit, collects while 200 threads
     * start per operation).
     */
    @Test
    void aJmhResultCarriesThePausesOfJmhsOwnForks() throws Exception {
        Path out = tmp.resolve("jmh");
        JsonNode r = runOne("run", "thread-start", "-m", "virtual", "-p", "threads=200", "-p", "iteration-time=100ms",
                "--forks", "2", "--warmup", "1", "--iterations", "2", "--jvm-args", "-Xmx64m -Xmn4m", "--out", out.toString());
        List<Path> forkLogs = logsBeside(r, out, ".jmh-fork-");
        assertThat(forkLogs).as("one GC log per JMH fork").hasSize(2);
        checkAgainstLogs(r, forkLogs, 1);
        assertThat(r.get("gc_pause_ms").get("count").asInt()).as("a 4 MB young generation collects").isPositive();
    }

    /**
     * The web scenario's model is the server: the result's pauses are read from the server JVM's own log. One measured
     * iteration: 2 s of about 9,000 answers a second made the server collect twice on this machine (two iterations,
     * four times), each pause checked against the log.
     */
    @Test
    void aWebResultCarriesTheServersPausesFromTheServersLog() throws Exception {
        Path out = tmp.resolve("web");
        // The test's trial JVM runs from the build's class path, not dist/lib: tell it where the servers are.
        JsonNode r = runOne("run", "web", "-m", "jdk", "-p", "users=50", "-p", "delay=5ms", "-p", "warmup=1s", "-p", "settle=0s",
                "-p", "duration=2s", "--forks", "1", "--warmup", "0", "--iterations", "1",
                "--jvm-args", "-Dloomlab.home=" + System.getProperty("loomlab.home"), "--out", out.toString());
        List<Path> serverLogs = logsBeside(r, out, ".server-JdkServer-");
        assertThat(serverLogs).as("the server's GC log").hasSize(1);
        checkAgainstLogs(r, serverLogs, 0);
    }

    @Test
    void anInProcessTrialHasNoGcLogAndNoGcFigures() throws Exception {
        Path out = tmp.resolve("inproc");
        JsonNode r = runOne("run", "sleep", "-m", "virtual", "-p", "tasks=10", "-p", "sleep=1ms", "--forks", "0",
                "--warmup", "0", "--iterations", "1", "--out", out.toString());
        assertThat(r.get("gc_collector").isNull()).isTrue();
        assertThat(r.get("gc_pause_ms").isNull()).isTrue();
        try (var files = Files.list(out.resolve("logs"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".gc.log"))).isEmpty();
        }
    }

    private JsonNode runOne(String... args) throws Exception {
        CliHarness.Outcome o = CliHarness.run(args);
        assertThat(o.exit()).as(o.err()).isZero();
        Path out = Path.of(args[args.length - 1]);
        List<JsonNode> results = RunContractTest.results(out);
        assertThat(results).hasSize(1);
        assertThat(results.get(0).get("status").asText()).isEqualTo("ok");
        return results.get(0);
    }

    /**
     * The collections the measured iterations' allocation forces: a young generation of {@code youngMb} holds
     * less than that of new objects, so an iteration that allocated {@code n} × {@code youngMb} (the allocation
     * probe's reading, which does not read the GC log) collected at least {@code n} times inside it. The
     * iterations allocate unevenly (19.7, 12.6 and 7.8 MB in one run), so the figure is summed per iteration,
     * and at least one of them must have allocated more than the young generation holds, or the run did not
     * force what the test relies on.
     */
    private static int collectionsForcedBy(JsonNode r, int youngMb, int iterations) {
        List<Double> allocated = StreamSupport.stream(r.get("metrics").get("allocated_mb").get("samples").spliterator(), false)
                .map(JsonNode::asDouble).toList();
        assertThat(allocated).as("MB allocated by each measured iteration").hasSize(iterations);
        int forced = allocated.stream().mapToInt(mb -> (int) Math.floor(mb / youngMb)).sum();
        assertThat(forced).as("collections forced by allocating " + allocated + " MB into an " + youngMb + " MB young generation")
                .isPositive();
        return forced;
    }

    /**
     * The GC log beside the trial log; the collector it names; at least {@code forced} pauses, no more than the
     * log holds, the longest one of its lines, the sum within the log's; no more young, mixed and full pauses than
     * the stop-the-world collector beans counted over the iterations (they count a little more: their readings
     * bracket the timed span), and those beans saw at least the {@code forced} collections too.
     */
    private static void checkAgainstItsLog(JsonNode r, Path out, int forced) throws Exception {
        String trialLog = r.get("logs").get(0).asText();
        Path gcLog = out.resolve(trialLog.substring(0, trialLog.length() - ".log".length()) + ".gc.log");
        checkAgainstLogs(r, List.of(gcLog), forced);
        int stopTheWorld = r.get("gc_pause_ms").get("count").asInt() - (r.get("gc_pause_ms").get("kinds").has("other")
                ? r.get("gc_pause_ms").get("kinds").get("other").get("count").asInt() : 0);
        double beans = StreamSupport.stream(r.get("metrics").get("gc_count").get("samples").spliterator(), false)
                .mapToDouble(JsonNode::asDouble).sum();
        assertThat((double) stopTheWorld).isLessThanOrEqualTo(beans);
        assertThat(beans).as("collections the collector beans counted").isGreaterThanOrEqualTo(forced);
    }

    /** The GC logs in the results folder's logs whose names start like the trial log's and hold {@code part}. */
    private static List<Path> logsBeside(JsonNode r, Path out, String part) throws Exception {
        String trialLog = Path.of(r.get("logs").get(0).asText()).getFileName().toString();
        String base = trialLog.substring(0, trialLog.length() - ".log".length());
        try (var files = Files.list(out.resolve("logs"))) {
            return files.filter(f -> f.getFileName().toString().startsWith(base + part)
                    && f.getFileName().toString().endsWith(".gc.log")).sorted().toList();
        }
    }

    /**
     * The collector the logs name; at least {@code forced} pauses (the collections the run's setup forces inside
     * the measured iterations), each of which the logs hold as a pause line of their own; no more than the logs
     * hold, the longest one of their lines, each figure a time above zero, the sum within theirs, the kinds
     * adding up to the count.
     */
    private static void checkAgainstLogs(JsonNode r, List<Path> gcLogs, int forced) throws Exception {
        List<String> lines = new java.util.ArrayList<>();
        for (Path gcLog : gcLogs) {
            assertThat(gcLog).isNotEmptyFile();
            lines.addAll(new String(Files.readAllBytes(gcLog), StandardCharsets.UTF_8).lines().toList());
        }
        String collector = lines.stream().map(USING::matcher).filter(Matcher::find).findFirst().orElseThrow().group(1);
        List<Double> logged = lines.stream().map(PAUSE::matcher).filter(Matcher::find)
                .map(m -> Double.parseDouble(m.group(2))).toList();

        assertThat(r.get("gc_collector").asText()).isEqualTo(collector);
        // The log holds the forced pauses as lines of its own, read here with the test's own pattern.
        assertThat(logged).as("pause lines in " + gcLogs).hasSizeGreaterThanOrEqualTo(forced).allMatch(ms -> ms > 0);
        JsonNode pauses = r.get("gc_pause_ms");
        int count = pauses.get("count").asInt();
        assertThat(count).as("pauses in the measured iterations").isGreaterThanOrEqualTo(forced).isLessThanOrEqualTo(logged.size());
        double total = pauses.get("total").asDouble();
        assertThat(total).isLessThanOrEqualTo(logged.stream().mapToDouble(Double::doubleValue).sum() + 1e-9);
        int byKind = 0;
        for (JsonNode kind : pauses.get("kinds")) {
            byKind += kind.get("count").asInt();
        }
        assertThat(byKind).isEqualTo(count);
        if (count > 0) {
            assertThat(total).as("time paused").isPositive().isGreaterThanOrEqualTo(pauses.get("max").asDouble());
            assertThat(pauses.get("p50").asDouble()).as("median pause").isPositive();
            assertThat(logged).contains(pauses.get("max").asDouble(), pauses.get("p50").asDouble(), pauses.get("p99").asDouble());
            assertThat(pauses.get("p50").asDouble()).isLessThanOrEqualTo(pauses.get("p99").asDouble());
            assertThat(pauses.get("p99").asDouble()).isLessThanOrEqualTo(pauses.get("max").asDouble());
        }
    }
}
