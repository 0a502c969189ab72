package dev.loomlab.cli;

import dev.loomlab.report.ParamDefaults;
import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.trial.Jdk;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the run's meters show for the progress and samples they are told, in Prometheus text. */
class RunMetricsTest {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    /** Two planned results of sleep (virtual, platform), 1 fork each of 1 warm-up + 2 measured iterations. */
    private static List<PlannedResult> plan() {
        RunOptions options = new RunOptions();
        options.models = List.of("virtual", "platform:4");
        options.params = List.of("tasks=10");
        options.forks = 1;
        options.warmup = 1;
        options.iterations = 2;
        return new Planner(ScenarioCatalog.load(), ModelCatalog.load()).plan(List.of("sleep"), options);
    }

    private static Result failed(PlannedResult p) {
        return ResultAssembler.assemble(p.scenario(), p.model().name(), p.model(), p.params(), p.forks(), p.warmup(),
                p.iterations(), List.of(TrialOutcome.failed("crash", JvmInfo.current())), List.of(), 2);
    }

    private double value(String series) {
        return registry.scrape().lines().filter(l -> l.startsWith(series + " ")).findFirst()
                .map(l -> Double.parseDouble(l.substring(series.length() + 1))).orElseThrow(() -> new AssertionError(
                        series + " not in\n" + registry.scrape()));
    }

    @Test
    void taskCountsStreamedPerIterationAddUpAcrossIterationsAndTrials() {
        List<PlannedResult> plan = plan();
        try (RunMetrics metrics = new RunMetrics(registry, new LineProgress(System.err, new TimeLeft(plan), ParamDefaults.NONE), plan)) {
            ProgressListener first = metrics.trialStarted(plan.get(0), 1);
            assertThat(registry.scrape()).contains("loomlab_run_info{jdk=\"" + Jdk.current().version()
                    + "\",model=\"virtual\",params=\"" + plan.get(0).params() + "\",scenario=\"sleep\"} 1");
            first.live(new LiveSample.Tasks(1, 4, 0));
            first.live(new LiveSample.Tasks(1, 10, 1));
            first.progress("warmup", 1, 1);
            first.live(new LiveSample.Tasks(2, 3, 0));
            assertThat(value("loomlab_tasks_completed_total")).isEqualTo(13.0);
            first.live(new LiveSample.Tasks(2, 10, 2));
            first.progress("measure", 1, 2);
            assertThat(value("loomlab_tasks_completed_total")).isEqualTo(20.0);
            assertThat(value("loomlab_tasks_failed_total")).isEqualTo(3.0);
            assertThat(value("loomlab_iterations_total{phase=\"warmup\"}")).isEqualTo(1.0);
            assertThat(value("loomlab_iterations_total{phase=\"measure\"}")).isEqualTo(1.0);
            // 2 of the plan's 2 × 3 iterations
            assertThat(value("loomlab_run_progress")).isEqualTo(2.0 / 6);

            first.live(new LiveSample.Jvm(14, 2, 50_000_000, 1.5, 0.25, 3));
            first.live(new LiveSample.Jvm(15, 3, 60_000_000, 2.0, 0.5, 5));
            first.live(new LiveSample.Latency(10, 0.1, 0.2, 0.3, 0.4, 0.5));
            assertThat(value("loomlab_trial_threads")).isEqualTo(15.0);
            assertThat(value("loomlab_trial_carriers")).isEqualTo(3.0);
            assertThat(value("loomlab_trial_heap_used_bytes")).isEqualTo(60_000_000.0);
            assertThat(value("loomlab_trial_cpu_seconds_total")).isEqualTo(2.0);
            assertThat(value("loomlab_trial_gc_pause_seconds_total")).isEqualTo(0.5);
            assertThat(value("loomlab_trial_gc_pauses_total")).isEqualTo(5.0);
            assertThat(value("loomlab_task_latency_seconds{percentile=\"99\"}")).isEqualTo(0.3);
            assertThat(value("loomlab_task_latency_seconds{percentile=\"100\"}")).isEqualTo(0.5);
            metrics.resultDone(failed(plan.get(0)), 1, 2);
            assertThat(value("loomlab_results_total{status=\"failed\"}")).isEqualTo(1.0);
            assertThat(value("loomlab_results_total{status=\"ok\"}")).isEqualTo(0.0);
            assertThat(value("loomlab_run_progress")).as("a result that stopped early counts whole").isEqualTo(0.5);

            // A new trial JVM counts from zero again: its totals add to the run's.
            ProgressListener second = metrics.trialStarted(plan.get(1), 1);
            assertThat(registry.scrape()).contains("model=\"platform:4\"").doesNotContain("model=\"virtual\"");
            second.live(new LiveSample.Tasks(1, 6, 0));
            second.live(new LiveSample.Jvm(9, 0, 40_000_000, 0.75, 0.125, 1));
            assertThat(value("loomlab_tasks_completed_total")).isEqualTo(26.0);
            assertThat(value("loomlab_trial_cpu_seconds_total")).isEqualTo(2.75);
            assertThat(value("loomlab_trial_gc_pauses_total")).isEqualTo(6.0);
        }
        assertThat(registry.scrape()).as("no trial runs any more").doesNotContain("loomlab_run_info{");
    }

    @Test
    void httpTotalsStreamedPerLoadRunAddUpAcrossRunsAndTrialsAndTheServerGaugesShowTheLastSample() {
        List<PlannedResult> plan = plan();
        try (RunMetrics metrics = new RunMetrics(registry, new LineProgress(System.err, new TimeLeft(plan), ParamDefaults.NONE), plan)) {
            ProgressListener first = metrics.trialStarted(plan.get(0), 1);
            assertThat(value("loomlab_http_requests_total{outcome=\"ok\"}")).isZero();
            assertThat(value("loomlab_server_open_connections")).isNaN();
            first.live(new LiveSample.Http(1, 100, Map.of("timeout", 2L, "connect", 0L), 0.01, 0.02, 0.03, 0.04, 0.05));
            first.live(new LiveSample.Http(1, 250, Map.of("timeout", 5L, "connect", 1L), 0.2, 0.3, 0.6, 0.7, 0.8));
            // the warm-up's load run ended; the first measured one counts from zero
            first.live(new LiveSample.Http(2, 40, Map.of("timeout", 0L, "connect", 0L), 0.01, 0.01, 0.02, 0.02, 0.02));
            assertThat(value("loomlab_http_requests_total{outcome=\"ok\"}")).isEqualTo(250.0 + 40);
            assertThat(value("loomlab_http_requests_total{outcome=\"error\"}")).isEqualTo(5.0 + 1);
            assertThat(value("loomlab_http_errors_total{kind=\"timeout\"}")).isEqualTo(5.0);
            assertThat(value("loomlab_http_errors_total{kind=\"connect\"}")).isEqualTo(1.0);
            assertThat(value("loomlab_http_errors_total{kind=\"reset\"}")).isZero();
            assertThat(value("loomlab_http_latency_seconds{percentile=\"99\"}")).isEqualTo(0.02);

            first.live(new LiveSample.Server(0.25, 40, 300_000_000, 12));
            first.live(new LiveSample.Server(Double.NaN, -1, 310_000_000, 20));
            assertThat(value("loomlab_server_cpu_ratio")).isNaN();
            assertThat(value("loomlab_server_threads")).as("not read").isNaN();
            assertThat(value("loomlab_server_rss_bytes")).isEqualTo(310_000_000.0);
            assertThat(value("loomlab_server_open_connections")).isEqualTo(20.0);
            assertThat(value("loomlab_server_requests_in_flight")).as("what a server reports of itself: serve's alone").isNaN();
            assertThat(value("loomlab_server_pool_active")).isNaN();

            // Another trial JVM numbers its load runs from 1 again: its totals add to the run's.
            ProgressListener second = metrics.trialStarted(plan.get(1), 1);
            second.live(new LiveSample.Http(1, 7, Map.of("status", 3L), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
            assertThat(value("loomlab_http_requests_total{outcome=\"ok\"}")).isEqualTo(290.0 + 7);
            assertThat(value("loomlab_http_requests_total{outcome=\"error\"}")).isEqualTo(6.0 + 3);
            assertThat(value("loomlab_http_latency_seconds{percentile=\"50\"}")).as("a second without an answer").isNaN();
        }
    }
}
