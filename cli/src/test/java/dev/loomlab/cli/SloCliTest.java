package dev.loomlab.cli;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run --slo}: a result judged in the parent on its merged latency, the verdict in results.jsonl and
 * the breach in the table; {@code compare} exits 1 on a breach the baseline did not have.
 */
class SloCliTest {
    @TempDir
    Path tmp;

    private static Result only(Path out) throws Exception {
        List<Result> results = new ResultsFolder(out).read();
        assertThat(results).hasSize(1);
        return results.get(0);
    }

    private CliHarness.Outcome sleep(Path out, String slo) {
        // Every task sleeps 20 ms: its latency (submit → done) is at least that.
        return CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=100", "-p", "sleep=20ms", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--slo", slo, "--out", out.toString());
    }

    @Test
    void aSleepOf20msBreachesP99Below5msAndMeetsP99Below10sAndCompareCallsTheBreachARegression() throws Exception {
        Path breachedRun = tmp.resolve("breached");
        CliHarness.Outcome o = sleep(breachedRun, "p99<5ms");
        assertThat(o.exit()).as("a breach is recorded, not a failed run: " + o.err()).isZero();
        Result breached = only(breachedRun);
        assertThat(breached.section(SloVerdict.SECTION).orElseThrow().spec()).isEqualTo("p99<5ms");
        assertThat(breached.section(SloVerdict.SECTION).orElseThrow().met()).isFalse();
        double p99 = ((LatencySummary) breached.metrics().get("task_latency_ms")).p99();
        assertThat(p99).isGreaterThanOrEqualTo(20.0);
        assertThat(breached.section(SloVerdict.SECTION).orElseThrow().breaches()).singleElement().asString().startsWith("p99 ").endsWith(" ms ≥ 5 ms");
        assertThat(o.out()).contains("SLO BREACHED").contains("sleep virtual tasks=100 sleep=20ms: SLO p99<5ms breached: p99 ");
        assertThat(Files.readString(breachedRun.resolve("results.jsonl"))).contains("\"slo\":{\"spec\":\"p99<5ms\",\"met\":false,");

        Path metRun = tmp.resolve("met");
        o = sleep(metRun, "p99<10s");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(only(metRun).section(SloVerdict.SECTION)).hasValue(new SloVerdict("p99<10s", true, List.of()));
        assertThat(o.out()).contains("SLO met").doesNotContain("BREACHED");

        // The baseline: the breached result as a faster machine would have measured it, p99 1 ms, meeting p99<5ms.
        Map<String, Object> fast = new LinkedHashMap<>(breached.metrics());
        fast.put("task_latency_ms", new LatencySummary(0.5, 0.8, 1, 1.2, 1.5, 0.6, 100));
        Result baseline = breached.toBuilder().metrics(fast).section(SloVerdict.SECTION, new SloVerdict("p99<5ms", true, List.of())).build();
        Path base = Files.createDirectories(tmp.resolve("baseline"));
        Files.writeString(base.resolve("results.jsonl"), ResultJson.toLine(baseline) + "\n");
        o = CliHarness.run("compare", base.toString(), breachedRun.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(1);
        assertThat(o.out()).contains("**1 new SLO breach** (a regression: the baseline met the objective, judged on its own figures): "
                + "sleep virtual tasks=100 sleep=20ms (Java ").contains("(SLO p99<5ms breached: p99 ");

        // The same breach on both sides is no regression.
        o = CliHarness.run("compare", breachedRun.toString(), breachedRun.toString(), "--html", tmp.resolve("same.html").toString());
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).doesNotContain("new SLO breach");
    }

    @Test
    void withoutSloASleepResultCarriesNoVerdict() throws Exception {
        Path out = tmp.resolve("plain");
        CliHarness.runInto(out, "run", "sleep", "-m", "virtual", "-p", "tasks=10", "-p", "sleep=1ms", "--forks", "0",
                "--warmup", "0", "--iterations", "1");
        assertThat(only(out).section(SloVerdict.SECTION)).isEmpty();
        assertThat(Files.readString(out.resolve("results.jsonl"))).doesNotContain("\"slo\"");
    }
}
