package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.Timeline;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.Fixtures;
import dev.loomlab.report.advise.Advisor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** report.html carries every figure it draws, loads nothing from elsewhere, and lists what is not ok. */
class HtmlReportTest {
    /** Article 004's sweep, a mixed scenario on two JDKs, a fan-out with a failure and a not-applicable model. */
    static List<Result> results() {
        List<Result> results = new ArrayList<>(Fixtures.seedsSleep());
        for (var jdk : List.of(Fixtures.JDK21, Fixtures.JDK25)) {
            for (int yield : new int[]{0, 10_000}) {
                Map<String, Object> p = Fixtures.params("tasks", 300, "sleep", "20ms", "yield-every", yield);
                results.add(Fixtures.ok("mixed", "virtual", p, jdk, Fixtures.around(jdk == Fixtures.JDK21 ? 520 : 500), 300, 20, 27, 220.0, null));
                results.add(Fixtures.ok("mixed", "platform:100", p, jdk, Fixtures.around(550), 300, 20, 100, 221.0, null));
            }
        }
        Map<String, Object> fanout = Fixtures.params("profiles", 500, "latency", "20ms");
        results.add(Fixtures.ok("fanout", "virtual", fanout, Fixtures.JDK25, Fixtures.around(60), 500, 40, 19, 40.0, null));
        results.add(Fixtures.failed("fanout", "completable:200", fanout,
                "deadlock: 200 of 200 pool threads blocked </script><script>alert(1)</script>\n--- trial log tail ---\nline"));
        results.add(Fixtures.notApplicable("fanout", "structured", fanout));
        results.add(capacity());
        // the fanout virtual result as if it had been a load: four seconds of it
        Result loaded = results.stream().filter(r -> r.scenario().equals("fanout") && r.ok()).findFirst().orElseThrow();
        results.set(results.indexOf(loaded), loaded.toBuilder().section(Timeline.SECTION, List.of(timeline())).build());
        return results;
    }

    /** Four seconds of a load: answers, p99 and CPU every second, heap after GC in the last two only; no pool. */
    static Timeline timeline() {
        List<Timeline.Point> points = new ArrayList<>();
        for (int t = 1; t <= 4; t++) {
            points.add(new Timeline.Point(t, 1000.0 * t, 0.0, 5.0 + t, 40.0 + t, 300.0, 30.0, t > 2 ? 80.0 : null, 2.0,
                    null, null, null, null));
        }
        return new Timeline(1, points);
    }

    /** A capacity search that found no rate meeting p90<300ms: a failed load result that still carries its curve. */
    static Result capacity() {
        List<CapacityStep> steps = List.of(
                new CapacityStep(1000, false, List.of("p90 420 ms ≥ 300 ms"), 990, 10_000, 0, 110.0, 420.0, 600.0, 650.0, 700.0,
                        0.4, 10, false, false),
                new CapacityStep(500, false, List.of("p90 310 ms ≥ 300 ms"), 500, 10_000, 0, 105.0, 310.0, 400.0, 420.0, 450.0,
                        0.3, 20, true, false),
                new CapacityStep(500, false, List.of("p90 320 ms ≥ 300 ms"), 500, 10_000, 0, 105.0, 320.0, 410.0, 430.0, 460.0,
                        0.3, 20, true, false));
        KneeCause knee = new KneeCause(KneeCause.UNEXPLAINED, "nothing was read of the service at 500/s", Map.of("rate_per_s", 500));
        CapacitySearch search = new CapacitySearch("p90<300ms", 5, 1000, null, null, 500.0, 60_000.0, false, steps, null, knee);
        return Result.builder("load", "open:max").params(Fixtures.params("rate", "max"))
                .status(dev.loomlab.core.outcome.Status.FAILED, "no rate met p90<300ms: even 500/s, the lowest tried, failed")
                .section(CapacitySearch.SECTION, List.of(search)).build();
    }

    /**
     * Five searches of one target within p99<100ms, sustaining 2,000, 2,400, 2,100, 2,300 and 2,200/s; each passed at
     * its rate and failed 10% above it.
     */
    static Result repeatedCapacity() {
        double[] maxima = {2_000, 2_400, 2_100, 2_300, 2_200};
        List<CapacitySearch> searches = new ArrayList<>();
        for (double max : maxima) {
            List<CapacityStep> steps = List.of(
                    new CapacityStep(1000, true, List.of(), 1000, 10_000, 0, 10.0, 12.0, 20.0, 30.0, 40.0, 0.2, 10, false, false),
                    new CapacityStep(max * 1.1, false, List.of("p99 300 ms ≥ 100 ms"), max, 10_000, 0, 40.0, 150.0, 300.0, 400.0,
                            500.0, 0.2, 10, false, false),
                    new CapacityStep(max, true, List.of(), max, 10_000, 0, 11.0, 14.0, 60.0, 80.0, 90.0, 0.2, 10, false, false));
            searches.add(new CapacitySearch("p99<100ms", 10, 1000, max, max, max * 1.1, 50_000.0, false, steps));
        }
        return Result.builder("load", "open:max").params(Fixtures.params("rate", "max")).rounds(0, 0, maxima.length)
                .status(dev.loomlab.core.outcome.Status.OK, null).score("max_rate_per_s")
                .metrics(Map.of("max_rate_per_s", Summary.of(maxima)))
                .section(CapacitySearch.SECTION, searches).build();
    }

    static Map<String, Object> environment() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("command", "loomlab run seeds");
        env.put("cpu_model", "AMD EPYC");
        env.put("cores", 2);
        env.put("memory_mb", 24105);
        env.put("container", Map.of("cpu_max", "none"));
        env.put("jdks", List.of(Map.of("version", "25.0.3"), Map.of("version", "21.0.8")));
        Map<String, Object> checks = new LinkedHashMap<>();
        checks.put("cpu", "ok");
        checks.put("governor", "info");
        checks.put("open-files", "warn");
        env.put("machine", Map.of("checks", checks, "facts", Map.of("cpu", Map.of("available_processors", 2))));
        return env;
    }

    static String render() {
        List<Result> results = results();
        return HtmlReport.render(results, environment(), Advisor.advise(results));
    }

    /** The page up to its inlined scripts: what people read (and what a failed assertion prints). */
    static String body(String html) {
        return html.substring(0, html.indexOf("<pre id=\"render-check\""));
    }

    @Test
    void everyScenarioHasABarChartOfItsMeansWithTheirIntervalsBoundsAndTheArticlesFigures() throws Exception {
        String html = render();
        List<JsonNode> bars = ReportPage.charts(html, "bars").stream()
                .filter(c -> c.get("title").asText().contains("by model")).toList();
        assertThat(bars).extracting(c -> c.get("title").asText()).containsExactly(
                "sleep: wall ms by model (mean, 99.9% CI)", "mixed: wall ms by model (mean, 99.9% CI)",
                "fanout: wall ms by model (mean, 99.9% CI)");
        JsonNode sleep = bars.get(0);
        assertThat(sleep.get("categories")).extracting(JsonNode::asText)
                .containsExactly("virtual", "platform:200", "platform:500", "platform:800", "platform:1000");
        JsonNode measured = sleep.get("series").get(0);
        assertThat(measured.get("name").asText()).isEqualTo("measured");
        List<Result> seeds = Fixtures.seedsSleep();
        for (int i = 0; i < seeds.size(); i++) {
            Summary wall = (Summary) seeds.get(i).metrics().get("wall_ms");
            // The samples are 0.98, 1 and 1.03 × the median: their mean is 1.01/3 × the median.
            assertThat(measured.get("values").get(i).get("mean").asDouble()).isCloseTo(wall.median() * 3.01 / 3, within(1e-9));
            assertThat(measured.get("values").get(i).get("low").asDouble()).isEqualTo(wall.ci999().low());
            assertThat(measured.get("values").get(i).get("high").asDouble()).isEqualTo(wall.ci999().high());
            assertThat(measured.get("values").get(i).get("n").asInt()).isEqualTo(3);
            assertThat(measured.get("values").get(i).get("median").asDouble()).isEqualTo(wall.median());
            assertThat(measured.get("bounds").get(i).asDouble()).isEqualTo(seeds.get(i).boundMs());
            assertThat(sleep.get("published").get(i).get("value").asDouble()).isEqualTo(seeds.get(i).published().wallMs());
        }
        assertThat(sleep.get("published").get(0).get("label").asText()).isEqualTo("[004] i5-14600KF 14C/20T");
        assertThat(sleep.get("log").asBoolean()).as("402 ms to 15,549 ms spans more than 30×").isTrue();
    }

    /** A search's knee: under its curve's title, and on the first failing rate's line. */
    @Test
    void aCapacitySearchsKneeIsOnItsCurve() throws Exception {
        JsonNode curve = ReportPage.charts(render(), "capacity").getFirst();
        assertThat(curve.get("knee").asText()).isEqualTo("unexplained — nothing was read of the service at 500/s");
        assertThat(curve.get("marks")).anySatisfy(m -> {
            assertThat(m.get("kind").asText()).isEqualTo("failing");
            assertThat(m.get("name").asText()).isEqualTo("failed 500/s · knee: unexplained");
        });
    }

    @Test
    void severalJdksAreSeriesSideBySideAndVaryingParametersNameTheBars() throws Exception {
        JsonNode mixed = ReportPage.charts(render(), "bars").stream()
                .filter(c -> c.get("title").asText().startsWith("mixed: wall ms")).findFirst().orElseThrow();
        assertThat(mixed.get("series")).extracting(s -> s.get("name").asText()).containsExactly("Java 21", "Java 25");
        assertThat(mixed.get("categories")).extracting(JsonNode::asText).containsExactly(
                "virtual\nyield-every=0", "platform:100\nyield-every=0", "virtual\nyield-every=10000", "platform:100\nyield-every=10000");
        assertThat(mixed.get("series").get(0).get("values").get(0).get("mean").asDouble()).isCloseTo(520.0 * 3.01 / 3, within(1e-9));
        assertThat(mixed.get("series").get(1).get("values").get(0).get("mean").asDouble()).isCloseTo(500.0 * 3.01 / 3, within(1e-9));
    }

    @Test
    void aPoolSizeSweepIsACurveWithItsKneeAndTheUnsizedModelAsAReferenceLine() throws Exception {
        List<JsonNode> curves = ReportPage.charts(render(), "curves");
        assertThat(curves).hasSize(1);
        JsonNode sweep = curves.get(0);
        assertThat(sweep.get("xName").asText()).isEqualTo("pool size (N of model:N)");
        JsonNode platform = sweep.get("series").get(0);
        assertThat(platform.get("points")).extracting(p -> p.get("x").asDouble()).containsExactly(200.0, 500.0, 800.0, 1000.0);
        assertThat(platform.get("knee").get("x").asDouble()).isEqualTo(500.0);
        assertThat(platform.get("bound")).hasSize(4);
        assertThat(platform.get("published").get(0).get(1).asDouble()).isEqualTo(15_549.0);
        assertThat(sweep.get("references").get(0).get("name").asText()).isEqualTo("virtual");
        assertThat(sweep.get("references").get(0).get("value").asDouble()).isCloseTo(402.0 * 3.01 / 3, within(1e-9));
        assertThat(sweep.get("title").asText()).contains("wall ms (mean, 99.9% CI)");
    }

    @Test
    void latencyPercentilesComeFromEachResultsHistogram() throws Exception {
        JsonNode sleep = ReportPage.charts(render(), "percentiles").get(0);
        assertThat(sleep.get("title").asText()).isEqualTo("sleep: task latency ms by percentile");
        JsonNode virtual = sleep.get("series").get(0);
        assertThat(virtual.get("source").asText()).isEqualTo("histogram");
        JsonNode points = virtual.get("points");
        JsonNode last = points.get(points.size() - 1);
        // Latencies spread evenly from 300 ms to 402 ms; HdrHistogram keeps 3 significant digits.
        assertThat(last.get(1).asDouble()).isBetween(401.5, 402.5);
        assertThat(points.get(0).get(1).asDouble()).isBetween(299.5, 300.5);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).get(0).asDouble()).isGreaterThan(points.get(i - 1).get(0).asDouble());
            assertThat(points.get(i).get(1).asDouble()).isGreaterThanOrEqualTo(points.get(i - 1).get(1).asDouble());
        }
    }

    @Test
    void aResultWithoutAHistogramIsDrawnFromItsSummaryPercentiles() throws Exception {
        Result with = Fixtures.seedsSleep().get(0);
        Result without = with.toBuilder().histograms(Map.of()).build();
        JsonNode chart = ReportPage.charts(HtmlReport.render(List.of(without), Map.of(), List.of()), "percentiles").get(0);
        JsonNode series = chart.get("series").get(0);
        assertThat(series.get("source").asText()).isEqualTo("summary");
        // p50, p90, p99, p99.9 and the maximum at the last of 30,000 recorded values (x = log10(30,000)).
        JsonNode points = series.get("points");
        assertThat(points).hasSize(5);
        assertThat(points.get(1).get(0).asDouble()).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(points.get(4).get(0).asDouble()).isCloseTo(Math.log10(30_000), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(points.get(4).get(1).asDouble()).isEqualTo(((dev.loomlab.core.stats.LatencySummary) with.metrics()
                .get("task_latency_ms")).max());
    }

    @Test
    void otherMetricsAreChartedByNameAndConstantOnesSummarised() throws Exception {
        String html = render();
        assertThat(ReportPage.charts(html, "bars")).extracting(c -> c.get("title").asText())
                .contains("throughput per s (mean, 99.9% CI)", "peak heap mb (mean, 99.9% CI)");
        assertThat(body(html)).contains("The same for every result of sleep: peak_heap_mb 40, threads_peak 10.");
    }

    @Test
    void thePageLoadsNothingFromElsewhereAndEscapesWhatResultsSay() {
        String html = render();
        assertThat(Pattern.compile("(?i)<script[^>]*\\ssrc=").matcher(html).find()).as("a script loaded from elsewhere").isFalse();
        assertThat(Pattern.compile("(?i)<link[^>]*href=").matcher(html).find()).as("a linked style sheet").isFalse();
        assertThat(Pattern.compile("(?i)(src|href)=\"https?:").matcher(html).find()).as("a network address").isFalse();
        assertThat(html.length()).isGreaterThan(900_000);
        assertThat(html.contains(Assets.echarts())).as("ECharts inlined whole").isTrue();
        assertThat(html.contains("<script>alert(1)")).as("an error message ending the page's markup").isFalse();
        assertThat(body(html)).contains("Apache ECharts " + Assets.echartsVersion())
                .contains("&lt;/script&gt;&lt;script&gt;alert(1)").contains("prefers-color-scheme: dark").contains("@media print");
    }

    @Test
    void environmentAdviceAndEveryResultThatIsNotOkAreListed() {
        String html = body(render());
        // The environment is a table of fact | value; the doctor's checks one row each with its status.
        String env = html.substring(html.indexOf("<section id=\"environment\">"), html.indexOf("</section>", html.indexOf("<section id=\"environment\">")));
        assertThat(env).contains("<tr><th>fact</th><th>value</th></tr>")
                .contains("<tr><td>cpu_model</td><td>AMD EPYC</td></tr>")
                .contains("<tr><td>container › cpu_max</td><td>none</td></tr>")
                .contains("<tr><td>jdks</td><td>25.0.3<br>21.0.8</td></tr>")
                .contains("<tr><td>cpu</td><td><span class=\"check ok\">ok</span></td></tr>")
                .contains("<tr><td>open-files</td><td><span class=\"check warn\">warn</span></td></tr>")
                .contains("<tr><td>cpu › available_processors</td><td>2</td></tr>")
                .contains("<tr><td>memory_mb</td><td>24,105</td></tr>")
                .doesNotContain("checks: ").doesNotContain("<dl").doesNotContain("<ul>");
        assertThat(html).contains("<td>failed</td><td>fanout</td><td>completable:200</td>")
                .contains("deadlock: 200 of 200 pool threads blocked").contains("--- trial log tail ---")
                .contains("<a href=\"logs/completable:200-failed.log\">");
        assertThat(html).contains("<td>not applicable</td><td>fanout</td><td>structured</td>")
                .contains("model structured is not available on Java 21");
        // Three iterations a side: too few for the ratio's 99% interval, so no model and no pool is judged faster.
        assertThat(html).contains("A platform pool of about 7,508 threads would match virtual")
                .contains("Avoid completable:200 for this workload");
        assertThat(html).contains("Not drawn: completable:200 profiles=500 latency=20ms (failed)");
        // The top of the advice: one verdict per experiment as a table, the other recommendations folded.
        String advice = html.substring(html.indexOf("<section id=\"advice\">"), html.indexOf("</section>", html.indexOf("<section id=\"advice\">")));
        assertThat(advice).contains("<table class=\"verdicts\">")
                .contains("</a></td><td>No model is preferred here (wall ms): virtual leads platform:1000 by 8.0×")
                .contains("<details><summary>");
        assertThat(advice.indexOf("<table class=\"verdicts\">")).isLessThan(advice.indexOf("<details>"));
    }

    @Test
    void aFolderWithNothingOkStillRenders() throws Exception {
        Result failed = Fixtures.failed("sleep", "virtual", Fixtures.params("tasks", 1), "timeout: trial exceeded 6s");
        String html = HtmlReport.render(List.of(failed), Map.of(), List.of());
        assertThat(ReportPage.charts(html)).isEmpty();
        assertThat(body(html)).contains("No result of this scenario was measured ok").contains("timeout: trial exceeded 6s");
    }
    @Test
    void noChartLabelOrTableHeaderPairsTheMedianWithAnInterval() throws Exception {
        String html = render();
        List<JsonNode> charts = ReportPage.charts(html);
        assertThat(charts).isNotEmpty();
        for (JsonNode c : charts) {
            for (String field : List.of("title", "yName", "xName")) {
                if (c.has(field)) {
                    dev.loomlab.report.RenderersTest.assertNoMedianWithAnInterval(c.get(field).asText());
                }
            }
        }
        java.util.regex.Matcher th = Pattern.compile("<th[^>]*>(.*?)</th>").matcher(body(html));
        int headers = 0;
        while (th.find()) {
            dev.loomlab.report.RenderersTest.assertNoMedianWithAnInterval(th.group(1));
            headers++;
        }
        assertThat(headers).isGreaterThan(10);
        assertThat(body(html)).contains("<th class=\"num\">score (mean ± 99.9% ci)</th>");
    }

    @Test
    void repeatedSearchesShareOneChartACurveEachWithTheirMedianAndTheIntervalForIt() throws Exception {
        String html = HtmlReport.render(List.of(repeatedCapacity()), environment(), List.of());
        List<JsonNode> capacity = ReportPage.charts(html, "capacity");
        assertThat(capacity).hasSize(1);
        JsonNode chart = capacity.getFirst();
        assertThat(chart.get("yName").asText()).isEqualTo("p99 ms, from the intended send");
        assertThat(chart.get("series")).extracting(s -> s.get("name").asText())
                .containsExactly("search 1", "search 2", "search 3", "search 4", "search 5");
        // each curve in rate order, the step that failed marked so
        JsonNode second = chart.get("series").get(1).get("points");
        assertThat(second).extracting(p -> p.get("x").asDouble()).containsExactly(1000.0, 2_400.0, 2_640.0);
        assertThat(second).extracting(p -> p.get("passed").asBoolean()).containsExactly(true, true, false);
        assertThat(second.get(2).get("y").asDouble()).isEqualTo(300.0);
        assertThat(chart.get("limits").get(0).get("value").asDouble()).isEqualTo(100.0);
        // median 2,200; five values: their smallest and largest hold the median with 1 − 2/32 = 93.75%
        assertThat(chart.get("marks")).extracting(m -> m.get("name").asText() + " @ " + m.get("x").asDouble())
                .containsExactly("median 2,200/s @ 2200.0", "94% interval for the median 2,000–2,400/s @ 2000.0", " @ 2400.0");
        assertThat(body(html)).contains("(5 searches)</h3>")
                .contains("median of 5 searches 2,200/s, range 2,000–2,400/s, 94% interval for the median 2,000–2,400/s")
                .contains("<li>2,400/s sustained within p99&lt;100ms");
    }

    @Test
    void aTwoSampleResultIsDrawnWithoutAnInterval() throws Exception {
        Result two = Fixtures.ok("sleep", "virtual", Fixtures.params("tasks", 10), Fixtures.JDK25, new double[]{100, 110},
                10, 1, 20, 100.0, null);
        String html = HtmlReport.render(List.of(two), Map.of(), List.of());
        JsonNode value = ReportPage.charts(html, "bars").get(0).get("series").get(0).get("values").get(0);
        assertThat(value.get("mean").asDouble()).isEqualTo(105.0);
        assertThat(value.get("low").isNull()).isTrue();
        assertThat(value.get("high").isNull()).isTrue();
        assertThat(value.get("note").asText()).isEqualTo("n<3");
        assertThat(body(html)).contains("<td class=\"num\">105 (n&lt;3) ms</td>");
    }
}
