package dev.loomlab.report;

import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.JvmInfo;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Results survive a JSON round trip and render into the table, CSV and Markdown without loss. */
public class RenderersTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());

    private static Map<String, Object> params(int tasks, String sleep) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("tasks", tasks);
        p.put("sleep", sleep);
        return p;
    }

    private static Result ok() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(new double[]{2010, 2020, 2030}));
        metrics.put("throughput_per_s", Summary.of(new double[]{990, 985, 980}));
        metrics.put("task_latency_ms", new LatencySummary(1000, 1800, 1990, 2000, 2005, 1010, 6000));
        metrics.put("peak_rss_mb", null);
        metrics.put("threads_peak", Summary.of(new double[]{106, 106, 106}));
        return Result.builder("sleep", "platform:100").params(params(2000, "100ms")).jvm(JVM).rounds(1, 1, 3)
                .metrics(metrics).bound(2000.0, 2000.0 / 2020, null)
                .published(Result.PublishedFigure.of("004", "Java virtual threads", "wall_ms", 15549, "i5", "mean of 3"))
                .logs(List.of("logs/a.log")).build();
    }

    private static Result failed() {
        return Result.builder("sleep", "virtual").params(params(1, "5m")).jvm(JVM).rounds(1, 0, 1)
                .status(Status.FAILED, "timeout: trial exceeded 3s, \"killed\"\n--- trial log tail ---\nline")
                .bound(300000.0, null, null).logs(List.of("logs/b.log")).build();
    }

    @Test
    void aResultSurvivesItsJsonLine() throws Exception {
        Result back = ResultJson.fromLine(ResultJson.toLine(ok()));
        assertThat(back.metrics().get("wall_ms")).isInstanceOf(Summary.class);
        assertThat(((Summary) back.metrics().get("wall_ms")).median()).isEqualTo(2020.0);
        assertThat(back.metrics().get("wall_ms")).isEqualTo(ok().metrics().get("wall_ms"));
        assertThat(((Summary) back.metrics().get("wall_ms")).ci999()).isNotNull();
        assertThat(ResultJson.toLine(ok())).contains("\"ci999\":[").contains("\"n\":3,\"samples\":[2010.0,2020.0,2030.0]");
        assertThat(back.metrics().get("task_latency_ms")).isEqualTo(ok().metrics().get("task_latency_ms"));
        assertThat(back.metrics()).containsKey("peak_rss_mb");
        assertThat(back.metrics().get("peak_rss_mb")).isNull();
        assertThat(back.published().wallMs()).isEqualTo(15549.0);
        assertThat(ResultJson.toLine(back)).isEqualTo(ResultJson.toLine(ok()));
        assertThat(ResultJson.toLine(ok())).contains("\"bound_ms\":2000.0").doesNotContain("\n");
    }

    @Test
    void metricsAreTypedByTheirShapeSoNewScenariosNeedNoReaderChanges() throws Exception {
        String line = ResultJson.toLine(ok()).replace("\"peak_rss_mb\":null",
                "\"response_ms\":{\"p50\":1.0,\"p90\":2.0,\"p99\":3.0,\"p999\":4.0,\"max\":5.0,\"mean\":1.5,\"count\":10},"
                        + "\"downstream_rejected\":{\"median\":7.0,\"mean\":7.0,\"min\":7.0,\"max\":7.0,\"stdev\":0.0,"
                        + "\"ci999\":[7.0,7.0],\"samples\":[7.0,7.0]},\"queue_series\":{\"t_ms\":[0,10],\"values\":[3,4]}");
        Result r = ResultJson.fromLine(line);
        assertThat(r.metrics().get("response_ms")).isEqualTo(new LatencySummary(1, 2, 3, 4, 5, 1.5, 10));
        assertThat(((Summary) r.metrics().get("downstream_rejected")).median()).isEqualTo(7.0);
        assertThat(r.metrics().get("queue_series")).isEqualTo(Map.of("t_ms", List.of(0, 10), "values", List.of(3, 4)));
        // A line written before histograms were kept reads with none.
        Result old = ResultJson.fromLine(ResultJson.toLine(ok()).replace(",\"histograms\":{}", ""));
        assertThat(old.histograms()).isEmpty();
    }

    @Test
    void csvQuotesErrorsAndKeepsOneRowPerResult() {
        String csv = CsvReport.render(List.of(ok(), failed()));
        List<String> rows = List.of(csv.split("\r\n"));
        assertThat(rows.get(0)).startsWith("scenario,model,jdk_version,forks,warmup,iterations,status,param.sleep,param.tasks,"
                + "wall_ms.mean,wall_ms.ci999_low,wall_ms.ci999_high,wall_ms.n,wall_ms.median");
        assertThat(rows.get(1)).contains("platform:100").contains(",2020,");
        // The error holds a comma, quotes and newlines: one quoted field, not a broken row.
        assertThat(csv).contains("\"timeout: trial exceeded 3s, \"\"killed\"\"\n--- trial log tail ---\nline\"");
        assertThat(rows.get(0).split(",", -1).length).isEqualTo(rows.get(1).split(",", -1).length);
    }

    @Test
    void tableShowsFiguresBoundAndPublishedAndExplainsFailures() {
        String table = ConsoleReport.render(List.of(ok(), failed()));
        assertThat(table).contains("2,020 ± ").contains("2,000").contains("0.99").contains("15,549 [004]");
        assertThat(table).contains("failed: sleep virtual tasks=1 sleep=5m — timeout: trial exceeded 3s").contains("logs/b.log");
        assertThat(table).doesNotContain("--- trial log tail ---");
        String md = MarkdownReport.render(List.of(ok(), failed()), Map.of("cores", 2));
        assertThat(md).contains("| sleep | platform:100 |").contains("## Not ok").contains("--- trial log tail ---");
    }
    /** A label that names the median must not name an interval: the interval belongs to the mean. */
    public static void assertNoMedianWithAnInterval(String label) {
        if (label.toLowerCase(java.util.Locale.ROOT).contains("median")) {
            assertThat(label).as("a label pairing the median with an interval")
                    .doesNotContain("±").doesNotContainPattern("(?i)\\bci\\b|confidence|interval|99\\.9%");
        }
    }

    /** Table headers of plain text (the line above a row of dashes) and of Markdown (the line above |---). */
    static List<String> headers(String text) {
        List<String> lines = text.lines().toList();
        List<String> out = new java.util.ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).matches("-{5,}") || lines.get(i).startsWith("|---") || lines.get(i).startsWith("| ---")) {
                out.add(lines.get(i - 1));
            }
        }
        return out;
    }

    private static Result twoSamples() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("wall_ms", Summary.of(new double[]{100, 110}));
        return Result.builder("sleep", "virtual").params(params(10, "100ms")).jvm(JVM).rounds(1, 1, 2).metrics(metrics)
                .bound(100.0, 100.0 / 105, null).build();
    }

    @Test
    void theIntervalIsAlwaysTheMeansAndNoHeaderPairsItWithTheMedian() {
        Result jdk21 = Result.builder("sleep", "platform:100").params(params(2000, "100ms"))
                .jvm(new JvmInfo("21.0.8+9-LTS", "Eclipse Adoptium", "/jdk21", List.of())).rounds(1, 1, 3)
                .metrics(ok().metrics()).bound(2000.0, 0.99, null).build();
        List<Result> results = List.of(ok(), jdk21, twoSamples(), failed());
        String console = ConsoleReport.render(results);
        String md = MarkdownReport.render(results, Map.of("cores", 2));
        assertThat(ResultRow.HEADER).contains("score (mean ± 99.9% ci)");
        assertThat(headers(console)).hasSizeGreaterThanOrEqualTo(2).anySatisfy(h -> assertThat(h).contains("java 21 wall ms (mean)"));
        assertThat(headers(md)).hasSizeGreaterThanOrEqualTo(2);
        ResultRow.HEADER.forEach(RenderersTest::assertNoMedianWithAnInterval);
        headers(console).forEach(RenderersTest::assertNoMedianWithAnInterval);
        headers(md).forEach(RenderersTest::assertNoMedianWithAnInterval);
        List.of(CsvReport.render(results).lines().findFirst().orElseThrow().split(","))
                .forEach(RenderersTest::assertNoMedianWithAnInterval);
        // The row's figure is the mean of 2010, 2020, 2030 ± t(0.9995, 2) · 10 / √3 = 31.599 · 5.774 = 182.4.
        assertThat(console).contains("2,020 ± 182 ");
    }

    @Test
    void aTwoSampleResultShowsItsMeanAndNoInterval() {
        // Mean of 100 and 110: 105; two samples are too few for an interval.
        List<String> cells = ResultRow.cells(twoSamples());
        assertThat(cells.get(ResultRow.HEADER.indexOf("score (mean ± 99.9% ci)"))).isEqualTo("105 (n<3) ms");
        String line = ConsoleReport.render(List.of(twoSamples())).lines().skip(2).findFirst().orElseThrow();
        assertThat(line).contains("105 (n<3)").doesNotContain("±");
        assertThat(MarkdownReport.render(List.of(twoSamples()), Map.of())).contains("| 105 (n<3) ms |");
        List<String> csv = List.of(CsvReport.render(List.of(twoSamples())).split("\r\n"));
        List<String> header = List.of(csv.get(0).split(",", -1));
        List<String> row = List.of(csv.get(1).split(",", -1));
        assertThat(row.get(header.indexOf("wall_ms.mean"))).isEqualTo("105");
        assertThat(row.get(header.indexOf("wall_ms.ci999_low"))).isEmpty();
        assertThat(row.get(header.indexOf("wall_ms.ci999_high"))).isEmpty();
        assertThat(row.get(header.indexOf("wall_ms.n"))).isEqualTo("2");
    }

    @Test
    void aServerUnderTestFillsTheResourceColumnsAndTheLoadSideIsLabelled() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("throughput_per_s", Summary.of(new double[]{1900, 2000, 2100}));
        metrics.put("cpu_util_pct", Summary.of(new double[]{19, 20, 21}));
        metrics.put("peak_rss_mb", Summary.of(new double[]{160, 170, 180}));
        metrics.put("threads_peak", Summary.of(new double[]{11, 11, 11}));
        metrics.put("server_cpu_pct", Summary.of(new double[]{40, 41, 42}));
        metrics.put("server_peak_rss_mb", Summary.of(new double[]{300, 310, 320}));
        metrics.put("server_threads_peak", Summary.of(new double[]{28, 28, 28}));
        Result web = Result.builder("web", "mvc-virtual").params(params(200, "100ms")).jvm(JVM).rounds(1, 0, 3)
                .score("throughput_per_s").metrics(metrics).build();
        List<String> cells = ResultRow.cells(web);
        assertThat(cells.get(ResultRow.HEADER.indexOf("score (mean ± 99.9% ci)"))).startsWith("2,000 ± ").endsWith(" throughput_per_s");
        assertThat(cells.get(ResultRow.HEADER.indexOf("cpu %"))).isEqualTo("41.0");
        assertThat(cells.get(ResultRow.HEADER.indexOf("rss MB"))).isEqualTo("310");
        assertThat(cells.get(ResultRow.HEADER.indexOf("threads"))).isEqualTo("28");
        assertThat(cells.get(ResultRow.HEADER.indexOf("notes"))).contains("load side: cpu % 20.0, rss MB 170, threads 11");
    }

    @Test
    void theArticlesCitedAreNamedByKeyAndTitle() {
        String md = MarkdownReport.render(List.of(ok(), failed()), Map.of());
        assertThat(md).contains("\n## Articles cited\n\n- [004] Java virtual threads\n")
                .contains("docs/articles.md").doesNotContain("004_");
        String html = dev.loomlab.report.html.HtmlReport.render(List.of(ok()), Map.of(), List.of());
        assertThat(html).contains("<li>Articles cited: [004] Java virtual threads — each described");
    }
}
