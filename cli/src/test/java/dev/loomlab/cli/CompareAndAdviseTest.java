package dev.loomlab.cli;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab compare} and {@code loomlab advise} on results folders written from hand-built results:
 * exit codes, the regression named, too few samples, the machines compared, the HTML page, bad input.
 */
class CompareAndAdviseTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());
    /** Five iterations spread like a quiet machine's: 3% below to 4% above the median. */
    private static final double[] FIVE = {0.97, 0.99, 1.0, 1.02, 1.04};
    private static final double[] THREE = {0.97, 1.0, 1.04};

    @TempDir
    Path tmp;

    private static Result result(String model, double medianMs, double[] spread) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tasks", 2000);
        params.put("sleep", "50ms");
        double[] wall = java.util.Arrays.stream(spread).map(f -> medianMs * f).toArray();
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(wall));
        metrics.put("throughput_per_s", Summary.of(java.util.Arrays.stream(wall).map(ms -> 2000 / ms * 1000).toArray()));
        return Result.builder("sleep", model).params(params).jvm(JVM).rounds(1, 1, spread.length).metrics(metrics)
                .bound(50.0, 50 / medianMs, null).build();
    }

    private Path folder(String name, List<Result> results) throws Exception {
        return folder(name, results, 2);
    }

    /** A results folder with these results and a summary.json naming {@code cores} cores. */
    private Path folder(String name, List<Result> results, int cores) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        StringBuilder sb = new StringBuilder();
        results.forEach(r -> sb.append(ResultJson.toLine(r)).append('\n'));
        Files.writeString(dir.resolve("results.jsonl"), sb.toString());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("cpu_model", "AMD EPYC 7763 64-Core Processor");
        env.put("cores", cores);
        env.put("jdks", List.of(Map.of("version", JVM.version(), "vendor", JVM.vendor(), "home", JVM.home())));
        new ResultsFolder(dir).writeSummary(env);
        return dir;
    }

    private static List<Result> run(double virtualMs, double[] spread) {
        return List.of(result("virtual", virtualMs, spread), result("platform:200", 620, spread),
                result("platform:400", 330, spread));
    }

    @Test
    void twoRunsOfTheSameThingCompareWithExitZeroAndAnHtmlPage() throws Exception {
        Path a = folder("a", run(70, FIVE));
        Path b = folder("b", run(70, FIVE));
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        // The same five samples: every pairwise ratio is 1.04/0.97 … 0.97/1.04, the median 1, p = 1.
        assertThat(o.out()).startsWith("# loomlab compare").contains("No regression beyond 5% (3 results matched).")
                .contains("| sleep | virtual | tasks=2000 sleep=50ms | 25 | 70.3 ms | 70.3 ms | 5 vs 5 | ×1.00 [0.933, 1.07] | 1 | no change |");
        assertThat(o.err().strip()).isEqualTo("html: " + b.resolve("compare.html"));
        assertThat(Files.readString(b.resolve("compare.html"))).contains("<h1>loomlab compare</h1>")
                .contains("\"kind\":\"changes\"");
    }

    @Test
    void oneResultFourTimesSlowerExitsOneAndIsNamed() throws Exception {
        Path a = folder("a", run(70, FIVE));
        Path b = folder("b", run(280, FIVE));
        Path page = tmp.resolve("elsewhere.html");
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString(), "--threshold", "10%", "--html", page.toString());
        assertThat(o.exit()).as(o.out()).isEqualTo(1);
        // Every pairwise ratio is 4 · b_j / b_i: median 4, from 4 · 0.97 / 1.04 = 3.73 to 4 · 1.04 / 0.97 = 4.29, p = 2/252.
        assertThat(o.out()).contains("**1 regression**: sleep virtual tasks=2000 sleep=50ms (Java 25) (wall ms ×4.00 [3.73, 4.29] at 99%, p = 0.0079).")
                .contains("| sleep | virtual | tasks=2000 sleep=50ms | 25 | 70.3 ms | 281 ms | 5 vs 5 | ×4.00 [3.73, 4.29] | 0.0079 | regressed |");
        assertThat(page).exists();
        assertThat(Files.readString(page)).contains("regressed");
        assertThat(b.resolve("compare.html")).doesNotExist();
        // Judged by throughput instead, the same change is a regression too (lower is worse there).
        CliHarness.Outcome t = CliHarness.run("compare", a.toString(), b.toString(), "--metric", "throughput_per_s");
        assertThat(t.exit()).isEqualTo(1);
        // A faster candidate is an improvement, not a regression.
        CliHarness.Outcome back = CliHarness.run("compare", b.toString(), a.toString());
        assertThat(back.exit()).isZero();
        assertThat(back.out()).contains("| improved |");
    }

    @Test
    void threeIterationsASideAreTooFewToJudgeAndSayWhatIsNeeded() throws Exception {
        Path a = folder("a", run(70, THREE));
        Path b = folder("b", run(280, THREE));
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString());
        assertThat(o.exit()).as("too few samples is not a regression").isZero();
        // 3 vs 3: C(6, 3) = 20 orders, the most extreme two-sided p is 2/20 = 0.1, above 1%.
        assertThat(o.out()).contains("| 3 vs 3 | ×4.00 [no 99% interval] | 0.1 | n too small |")
                .contains("**n too small** for 3 of 3 results: 3 at 3 vs 3 samples (smallest p 0.1)")
                .contains("at least 5 measured iterations (e.g. --iterations 5)");
        assertThat(o.err()).contains("n too small for 3 of 3 results");
    }

    @Test
    void runsOnDifferentMachinesAreWarnedAbout() throws Exception {
        Path a = folder("a", run(70, FIVE), 2);
        Path b = folder("b", run(70, FIVE), 4);
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString());
        assertThat(o.exit()).isZero();
        assertThat(o.err().lines()).contains("warning: the machines differ: cores 2 (baseline) vs 4 (candidate)");
        assertThat(o.out()).contains("> **warning**: the machines differ: cores 2 (baseline) vs 4 (candidate)");
        assertThat(Files.readString(b.resolve("compare.html")))
                .contains("<p class=\"warning\">warning: the machines differ: cores 2 (baseline) vs 4 (candidate)</p>");
        // A results.jsonl without its folder's summary.json cannot be checked, and says so.
        Path bare = Files.createDirectories(tmp.resolve("bare"));
        Files.copy(b.resolve("results.jsonl"), bare.resolve("results.jsonl"));
        CliHarness.Outcome unchecked = CliHarness.run("compare", a.toString(), bare.resolve("results.jsonl").toString());
        assertThat(unchecked.exit()).isZero();
        assertThat(unchecked.err()).contains("warning: no summary.json in the candidate");
    }

    @Test
    void badCompareInputIsOneLineAndExitTwo() throws Exception {
        Path a = folder("a", run(70, FIVE));
        Path other = folder("other", List.of(result("virtual-bounded:10", 70, FIVE)));
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(empty.resolve("results.jsonl"), "");
        Path broken = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(broken.resolve("results.jsonl"), "{not json\n{\"also\": broken}\n");
        for (String[] args : List.of(
                new String[]{"compare", a.toString(), a.toString(), "--threshold", "five"},
                new String[]{"compare", a.toString(), a.toString(), "--threshold", "-5%"},
                new String[]{"compare", a.toString(), a.toString(), "--metric", "no_such_ms"},
                new String[]{"compare", a.toString(), other.toString()},
                new String[]{"compare", a.toString(), empty.toString()},
                new String[]{"compare", a.toString(), broken.toString()},
                new String[]{"compare", a.toString(), a.toString(), "--html", tmp.resolve("no/such/dir/x.html").toString()})) {
            CliHarness.Outcome o = CliHarness.run(args);
            assertThat(o.exit()).as(String.join(" ", args) + ": " + o.err()).isEqualTo(2);
            assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
            assertThat(o.err()).startsWith("loomlab: ").doesNotContain("\tat ");
            assertThat(o.out()).isEmpty();
        }
    }

    @Test
    void adviseCitesTheFiguresItRestsOn() throws Exception {
        // Five iterations a side, enough for the ratio's 99% interval (as compare judges): platform:400 / virtual is
        // 330 / 70 = 4.71 (the spreads' pairwise ratios have median 1), its interval 4.71 × 0.97 / 1.04 = 4.40 and up.
        List<Result> results = new ArrayList<>(run(70, FIVE));
        Path a = folder("a", results);
        CliHarness.Outcome o = CliHarness.run("advise", a.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("# loomlab advice").contains("## sleep tasks=2000 sleep=50ms · Java 25")
                .contains("| sleep tasks=2000 sleep=50ms · Java 25 | Use virtual: 4.7× faster than the next best, platform:400. |")
                .contains("**Use virtual: 4.7× faster than the next best, platform:400.**")
                .contains("  - virtual: wall ms mean 70.3 ms (99.9% CI of the mean ");
        // With three a side the same pair is too few to judge, as compare says of it too.
        CliHarness.Outcome three = CliHarness.run("advise", folder("three", run(70, THREE)).toString());
        assertThat(three.out()).contains("**No model is preferred here (wall ms): virtual leads platform:400 by 4.7× (the ratio "
                + "of their iterations), but 3 vs 3 samples are too few for a 99% interval of it");
        CliHarness.Outcome none = CliHarness.run("advise", folder("none", List.of()).toString());
        assertThat(none.exit()).isZero();
        assertThat(none.out()).contains("No advice");
    }
}
