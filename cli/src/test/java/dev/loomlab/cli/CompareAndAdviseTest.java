package dev.loomlab.cli;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
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
 * exit codes, the regression named, the HTML page, bad input.
 */
class CompareAndAdviseTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());

    @TempDir
    Path tmp;

    private static Result result(String model, double medianMs) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tasks", 2000);
        params.put("sleep", "50ms");
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(new double[]{medianMs * 0.97, medianMs, medianMs * 1.04}));
        metrics.put("throughput_per_s", Summary.of(new double[]{2000 / (medianMs * 1.04) * 1000, 2000 / medianMs * 1000,
                2000 / (medianMs * 0.97) * 1000}));
        return Result.builder("sleep", model).params(params).jvm(JVM).rounds(1, 1, 3).metrics(metrics)
                .bound(50.0, 50 / medianMs, null).build();
    }

    private Path folder(String name, List<Result> results) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        StringBuilder sb = new StringBuilder();
        results.forEach(r -> sb.append(ResultJson.toLine(r)).append('\n'));
        Files.writeString(dir.resolve("results.jsonl"), sb.toString());
        return dir;
    }

    private static List<Result> run(double virtualMs) {
        return List.of(result("virtual", virtualMs), result("platform:200", 620), result("platform:400", 330));
    }

    @Test
    void twoRunsOfTheSameThingCompareWithExitZeroAndAnHtmlPage() throws Exception {
        Path a = folder("a", run(70));
        Path b = folder("b", run(70));
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("# loomlab compare").contains("No regression beyond 5% (3 results matched).")
                .contains("| sleep | virtual | tasks=2000 sleep=50ms | 25 | 70.0 ms | 70.0 ms | +0.0% |");
        assertThat(o.err().strip()).isEqualTo("html: " + b.resolve("compare.html"));
        assertThat(Files.readString(b.resolve("compare.html"))).contains("<h1>loomlab compare</h1>")
                .contains("\"kind\":\"changes\"");
    }

    @Test
    void oneResultFourTimesSlowerExitsOneAndIsNamed() throws Exception {
        Path a = folder("a", run(70));
        Path b = folder("b", run(280));
        Path page = tmp.resolve("elsewhere.html");
        CliHarness.Outcome o = CliHarness.run("compare", a.toString(), b.toString(), "--threshold", "10%", "--html", page.toString());
        assertThat(o.exit()).as(o.out()).isEqualTo(1);
        assertThat(o.out()).contains("**1 regression**: sleep virtual tasks=2000 sleep=50ms (Java 25) (+300.0%,")
                .contains("| sleep | virtual | tasks=2000 sleep=50ms | 25 | 70.0 ms | 280 ms | +300.0% |");
        assertThat(page).exists();
        assertThat(b.resolve("compare.html")).doesNotExist();
        // Judged by throughput instead, the same change is a regression too (lower is worse there).
        CliHarness.Outcome t = CliHarness.run("compare", a.toString(), b.toString(), "--metric", "throughput_per_s");
        assertThat(t.exit()).isEqualTo(1);
        // A faster candidate is an improvement, not a regression.
        assertThat(CliHarness.run("compare", b.toString(), a.toString()).exit()).isZero();
    }

    @Test
    void badCompareInputIsOneLineAndExitTwo() throws Exception {
        Path a = folder("a", run(70));
        Path other = folder("other", List.of(result("virtual-bounded:10", 70)));
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
        List<Result> results = new ArrayList<>(run(70));
        Path a = folder("a", results);
        CliHarness.Outcome o = CliHarness.run("advise", a.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("# loomlab advice").contains("## sleep tasks=2000 sleep=50ms · Java 25")
                .contains("- **model**: Use virtual: 4.7× faster than the next best, platform:400.")
                .contains("  - virtual: wall ms median 70.0 ms (99.9% CI ");
        CliHarness.Outcome none = CliHarness.run("advise", folder("none", List.of()).toString());
        assertThat(none.exit()).isZero();
        assertThat(none.out()).contains("No advice");
    }
}
