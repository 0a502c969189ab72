package dev.loomlab.report;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.report.html.HtmlReport;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A result judged against an objective on the figures it recorded — task latency percentiles, errors over
 * requests or failed calls over tasks, throughput — and the breaches as the table, report.md and report.html
 * show them. Every expected figure follows from the fixture's chosen values.
 */
class SloVerdictTest {
    /** 10,000 tasks a iteration, latencies spread evenly from 300 ms (each task's sleep) to 402 ms; 3 iterations. */
    private static Result sleep() {
        return Fixtures.sleep("virtual", 10_000, 300, Fixtures.JDK25, 402, 300.0, null);
    }

    private static List<String> breaches(String spec, Result r) {
        SloVerdict v = Slo.parse(spec).judge(r.metrics());
        assertThat(v.met()).as("met iff nothing breached").isEqualTo(v.breaches().isEmpty());
        assertThat(v.spec()).isEqualTo(Slo.parse(spec).spec());
        return v.breaches();
    }

    @Test
    void latencyIsJudgedOnTheMergedHistogramsPercentiles() {
        // No task took less than its 300 ms sleep nor more than the 402 ms wall median.
        assertThat(breaches("p99<500ms", sleep())).isEmpty();
        assertThat(breaches("p50<1s,p90<1s,p999<1s,max<403ms", sleep())).isEmpty();
        List<String> slow = breaches("p99<300ms,p50<300ms", sleep());
        assertThat(slow).hasSize(2);
        assertThat(slow.get(0)).startsWith("p99 ").endsWith(" ms ≥ 300 ms");
        assertThat(slow.get(1)).startsWith("p50 ").endsWith(" ms ≥ 300 ms");
        double p99 = Double.parseDouble(slow.get(0).split(" ")[1]);
        assertThat(p99).isBetween(300.0, 403.0);
    }

    @Test
    void errorsOfALoadResultAreErrorsOverRequestsSummedOverIterations() {
        Result load = Fixtures.with(Fixtures.with(sleep(), "requests", 1000, 1000, 1000), "errors", 10, 20, 30);
        // 60 errors of 3,000 requests: 2%.
        assertThat(breaches("errors<2.5%", load)).isEmpty();
        assertThat(breaches("errors<2%", load)).containsExactly("errors 2% ≥ 2% (60 of 3,000 requests)");
        assertThat(breaches("p99<500ms,errors<1%", load)).containsExactly("errors 2% ≥ 1% (60 of 3,000 requests)");
    }

    @Test
    void errorsOfAnyOtherResultAreFailedCallsOverTheTasksItsHistogramRecorded() {
        // 100 tasks × 3 iterations = 300 latencies recorded; 3 calls threw in each iteration: 9 of 300 = 3%.
        Result task = Fixtures.ok("task", "virtual", Fixtures.params("tasks", 100), Fixtures.JDK25, Fixtures.around(100), 100,
                10, 20, null, null);
        assertThat(breaches("errors<1%", task)).as("no failed_calls: nothing failed").isEmpty();
        Result failing = Fixtures.with(task, "failed_calls", 3, 3, 3);
        assertThat(breaches("errors<1%", failing)).containsExactly("errors 3% ≥ 1% (9 of 300 tasks)");
        assertThat(breaches("errors<3.5%", failing)).isEmpty();
    }

    @Test
    void rateIsTheMeanThroughput() {
        // 100 tasks in 98, 100 and 103 ms: (1,020.4 + 1,000 + 970.9) / 3 = 997.1 per second.
        Result task = Fixtures.ok("task", "virtual", Fixtures.params("tasks", 100), Fixtures.JDK25, Fixtures.around(100), 100,
                10, 20, null, null);
        assertThat(breaches("rate>990/s", task)).isEmpty();
        assertThat(breaches("rate>1000/s", task)).containsExactly("rate 997/s ≤ 1000/s");
    }

    @Test
    void aFigureTheResultLacksIsABreachSayingSo() {
        Map<String, Object> metrics = new LinkedHashMap<>(sleep().metrics());
        metrics.remove("task_latency_ms");
        metrics.remove("throughput_per_s");
        Result bare = sleep().toBuilder().metrics(metrics).build();
        assertThat(breaches("p99<1h,rate>0/s", bare)).containsExactly("p99 not measured (no task latency recorded)",
                "rate not measured (no throughput_per_s)");
    }

    @Test
    void thePolicyJudgesOkResultsOnlyAndWebByDefault() {
        ScenarioDescription web = ScenarioDescription.named("web").summary("servers").traits(Trait.GOLDEN_SIGNALS).build();
        ScenarioDescription sleep = ScenarioDescription.named("sleep").summary("sleeping tasks").build();
        assertThat(SloPolicy.DEFAULT.judge(web, sleep()).section(SloVerdict.SECTION))
                .hasValue(new SloVerdict("p99<500ms,errors<1%", true, List.of()));
        assertThat(SloPolicy.DEFAULT.judge(sleep, sleep()).section(SloVerdict.SECTION)).isEmpty();
        assertThat(SloPolicy.parse("none").judge(web, sleep()).section(SloVerdict.SECTION)).isEmpty();
        assertThat(SloPolicy.parse("p99<300ms").judge(sleep, sleep()).section(SloVerdict.SECTION).orElseThrow().met()).isFalse();
        Result failed = Fixtures.failed("web", "mvc-platform", Fixtures.params("users", 10), "crash");
        assertThat(SloPolicy.parse("p99<300ms").judge(web, failed).section(SloVerdict.SECTION)).as("a failed result measured nothing")
                .isEmpty();
    }

    @Test
    void theTableReportMdAndReportHtmlMarkTheBreaches() {
        Result met = Fixtures.sleep("platform:200", 10_000, 300, Fixtures.JDK25, 402, 300.0, null);
        met = met.toBuilder().section(SloVerdict.SECTION, Slo.parse("p99<1s").judge(met.metrics())).build();
        Result breached = sleep().toBuilder().section(SloVerdict.SECTION, Slo.parse("p99<300ms").judge(sleep().metrics())).build();
        String line = "sleep virtual tasks=10000 sleep=300ms: SLO p99<300ms breached: p99 ";
        List<Result> both = List.of(breached, met);
        assertThat(SloBreaches.lines(both)).singleElement().asString().startsWith(line);

        String table = ConsoleReport.render(both);
        assertThat(table).contains("SLO BREACHED").contains("SLO met").contains("SLO breached").contains(line);
        String md = MarkdownReport.render(both, Map.of());
        assertThat(md).contains("## SLO breaches").contains("- **breached**: `" + line).contains("SLO BREACHED");
        String html = HtmlReport.render(both, Map.of(), List.of());
        assertThat(html).contains("<strong>SLO breached</strong> <code>" + line.replace("<", "&lt;")).contains("SLO BREACHED");

        assertThat(ConsoleReport.render(List.of(met))).doesNotContain("SLO breached").doesNotContain("BREACHED");
    }
}
