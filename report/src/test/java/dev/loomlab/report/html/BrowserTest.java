package dev.loomlab.report.html;

import dev.loomlab.core.outcome.Status;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.report.Fixtures;
import dev.loomlab.report.advise.Advisor;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.compare.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages open in headless Chromium with no network: every chart draws (SVG with content), the bars
 * show the results' means, nothing is logged to the console, and a screenshot is taken (kept under
 * target/browser/ for people to look at).
 */
class BrowserTest {
    private static final Path SHOTS = Path.of("target", "browser");

    @TempDir
    Path tmp;

    /** Opens the page and checks every chart rendered without a console message; returns the render check. */
    private JsonNode open(HeadlessChromium chromium, Path page, int charts) throws Exception {
        HeadlessChromium.Page p = chromium.dumpDom(page);
        assertThat(p.consoleLines()).as("console output").isEmpty();
        String check = p.renderCheck();
        assertThat(check).as("report.js finished drawing (render check written)").isNotNull();
        assertThat(p.dom()).contains("data-render=\"ok\"");
        JsonNode c = Json.mapper().readTree(check);
        assertThat(c.get("errors")).isEmpty();
        assertThat(c.get("total").asInt()).isEqualTo(charts);
        assertThat(c.get("rendered").asInt()).isEqualTo(charts);
        assertThat(c.get("charts")).hasSize(charts).allSatisfy(chart ->
                assertThat(chart.get("svgElements").asInt()).as(chart.get("title").asText()).isGreaterThan(20));
        return c;
    }

    private static void screenshot(HeadlessChromium chromium, Path page, String name, int height) throws Exception {
        Files.createDirectories(SHOTS);
        Path png = SHOTS.resolve(name);
        Files.deleteIfExists(png);
        chromium.screenshot(page, png, height);
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(10_000);
        assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    /** The means a bars chart shows for its "measured" series, keyed by category. */
    private static void assertMeans(JsonNode chart, List<Result> results, Labels labels) {
        JsonNode measured = null;
        for (JsonNode s : chart.get("series")) {
            if (s.get("name").asText().equals("measured")) {
                measured = s;
            }
        }
        assertThat(measured).as("measured series of " + chart.get("title")).isNotNull();
        List<String> categories = new ArrayList<>();
        chart.get("categories").forEach(c -> categories.add(c.asText()));
        assertThat(categories).hasSize(results.size());
        for (Result r : results) {
            int i = categories.indexOf(labels.category(r));
            assertThat(i).as(labels.category(r)).isNotNegative();
            assertThat(measured.get("data").get(i).asDouble()).isEqualTo(Metrics.mean(r, Metric.WALL_MS.name()));
        }
    }

    @Test
    void aReportOfRealTrialsRendersEveryChartWithTheResultsMeans() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(tmp);
        ScenarioCatalog scenarios = ScenarioCatalog.load();
        TrialExecutor executor = new TrialExecutor(scenarios, ModelCatalog.load());
        Scenario sleep = scenarios.get("sleep");
        Map<String, String> given = Map.of("tasks", "24", "sleep", "5ms");
        List<Result> results = new ArrayList<>();
        // A pool-size sweep (a curve with a knee) beside virtual threads, in-process and short.
        for (String model : List.of("virtual", "platform:2", "platform:4", "platform:8")) {
            TrialOutcome o = executor.execute(new TrialSpec("sleep", model, given, 0, 2, 0), ProgressListener.NONE);
            assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
            results.add(ResultAssembler.assemble(sleep.description(), model, null,
                    ParamValues.parse("sleep", sleep.description().params(), given), 0, 0, 2,
                    List.of(o), List.of(), Runtime.getRuntime().availableProcessors()));
        }
        assertThat(results.get(0).histograms()).containsKey("task_latency_ms");
        Path page = tmp.resolve("report.html");
        Files.writeString(page, HtmlReport.render(results, Map.of("cores", 2), Advisor.advise(results)));
        int charts = ReportPage.charts(Files.readString(page)).size();
        JsonNode check = open(chromium, page, charts);
        JsonNode headline = check.get("charts").get(0);
        assertThat(headline.get("title").asText()).isEqualTo("sleep: wall ms by model (mean, 99.9% CI)");
        assertMeans(headline, results, new Labels(results));
        assertThat(check.get("charts")).anySatisfy(c -> assertThat(c.get("kind").asText()).isEqualTo("curves"));
        assertThat(check.get("charts")).anySatisfy(c -> assertThat(c.get("kind").asText()).isEqualTo("percentiles"));
        screenshot(chromium, page, "real-run.png", 2400);
    }

    @Test
    void aReportWithEveryKindOfChartRenders() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(tmp);
        List<Result> results = HtmlReportTest.results();
        Path page = tmp.resolve("report.html");
        Files.writeString(page, HtmlReport.render(results, HtmlReportTest.environment(), Advisor.advise(results)));
        int charts = ReportPage.charts(Files.readString(page)).size();
        JsonNode check = open(chromium, page, charts);
        List<Result> sleep = results.stream().filter(r -> r.scenario().equals("sleep")).toList();
        assertMeans(check.get("charts").get(0), sleep, new Labels(sleep));
        JsonNode article = null;
        for (JsonNode s : check.get("charts").get(0).get("series")) {
            if (s.get("name").asText().equals("article")) {
                article = s;
            }
        }
        assertThat(article).isNotNull();
        assertThat(article.get("data").get(1).asDouble()).isEqualTo(15_549.0);
        // the capacity search's curve: p50, the p90 its objective judges, and p99, a point for each of its 3 steps
        JsonNode capacity = null;
        for (JsonNode c : check.get("charts")) {
            if (c.get("kind").asText().equals("capacity")) {
                capacity = c;
            }
        }
        assertThat(capacity).as("a capacity chart was drawn").isNotNull();
        assertThat(capacity.get("series")).extracting(s -> s.get("name").asText()).containsExactly("p50", "p90", "p99");
        assertThat(capacity.get("series").get(1).get("data")).hasSize(3);
        assertThat(capacity.get("svgElements").asInt()).isPositive();
        // a load run second by second: five panels (no pool figures), their lines and points as the timeline holds them
        JsonNode timeline = null;
        for (JsonNode c : check.get("charts")) {
            if (c.get("kind").asText().equals("timeline")) {
                timeline = c;
            }
        }
        assertThat(timeline).as("a timeline chart was drawn").isNotNull();
        assertThat(timeline.get("series")).extracting(s -> s.get("name").asText()).containsExactly("ok", "errors",
                "p99 of the second", "CPU % of all cores", "resident set", "heap after GC", "pauses in the second", "OS threads");
        assertThat(timeline.get("series").get(5).get("data")).hasSize(2);
        screenshot(chromium, page, "report.png", 4000);
    }

    @Test
    void repeatedSearchesDrawACurveEach() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(tmp);
        Path page = tmp.resolve("report.html");
        Files.writeString(page, HtmlReport.render(List.of(HtmlReportTest.repeatedCapacity()), HtmlReportTest.environment(), List.of()));
        JsonNode check = open(chromium, page, ReportPage.charts(Files.readString(page)).size());
        JsonNode capacity = null;
        for (JsonNode c : check.get("charts")) {
            if (c.get("kind").asText().equals("capacity")) {
                capacity = c;
            }
        }
        assertThat(capacity).as("a capacity chart was drawn").isNotNull();
        assertThat(capacity.get("series")).hasSize(5).allSatisfy(s -> assertThat(s.get("data")).hasSize(3));
        screenshot(chromium, page, "capacity-repeated.png", 2000);
    }

    @Test
    void theComparePageRenders() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(tmp);
        List<Result> base = Fixtures.seedsSleepFive();
        List<Result> cand = new ArrayList<>(base);
        cand.set(2, Fixtures.slower(base.get(2), 4));
        cand.set(3, Fixtures.slower(base.get(3), 0.5));
        Path page = tmp.resolve("compare.html");
        Files.writeString(page, CompareHtml.render(Comparison.of(base, cand, "wall_ms", 5, false), "a", "b",
                List.of("the machines differ: cores 2 (baseline) vs 4 (candidate)")));
        JsonNode check = open(chromium, page, 1);
        assertThat(check.get("charts").get(0).get("kind").asText()).isEqualTo("changes");
        screenshot(chromium, page, "compare.png", 900);
    }
}
