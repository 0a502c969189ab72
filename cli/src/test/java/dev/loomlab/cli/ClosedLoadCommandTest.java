package dev.loomlab.cli;

import dev.loomlab.core.slo.SloVerdict;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.folder.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab load} with the closed model: users that send when answered, so no schedule for other test JVMs to
 * delay and nothing timed; beside other test classes, unlike the open loads of {@link LoadCommandTest}.
 */
class ClosedLoadCommandTest {
    @TempDir
    Path tmp;

    @Test
    void aClosedLoadWritesAResultWhoseCountsMatchTheServer() throws Exception {
        AtomicLong served = new AtomicLong();
        HttpServer http = LoadCommandTest.servingOk(128, served);
        try (AutoCloseable stop = () -> http.stop(0)) {
            Path out = tmp.resolve("load");
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            CliHarness.Outcome o = CliHarness.runInto(out, "load", url, "--users", "4", "--duration", "1s", "--expect", "ok");

            List<Result> results = new ResultsFolder(out).read();
            assertThat(results).hasSize(1);
            Result r = results.get(0);
            assertThat(r.scenario()).isEqualTo("load");
            assertThat(r.model()).isEqualTo("closed:4");
            assertThat(r.status()).isEqualTo(dev.loomlab.core.outcome.Status.OK);
            double requests = ((Summary) r.metrics().get("requests")).median();
            assertThat(requests).isPositive().isEqualTo((double) served.get());
            assertThat(((Summary) r.metrics().get("ok")).median()).isEqualTo(requests);
            // answers that arrived within the 1 s span: never more than were sent in it
            assertThat(((Summary) r.metrics().get("throughput_per_s")).median()).isPositive().isLessThanOrEqualTo(requests);
            assertThat(r.metrics()).containsKeys("task_latency_ms", "errors", "errors_timeout");
            // closed model: latency from the actual send, and the result says so rather than claiming a correction
            assertThat(((Summary) r.metrics().get("latency_from_intended_send")).median()).isZero();
            assertThat(r.metrics().keySet()).noneMatch(k -> k.contains("corrected"));
            assertThat(o.out()).contains("latency from the actual send (closed model: not corrected for coordinated omission)");
            assertThat(r.histograms()).containsKey("task_latency_ms");
            // a closed load warms its generator for 2 s: no ceiling measured, none recorded
            assertThat(r.metrics()).doesNotContainKey("generator_ceiling_per_s");
            assertThat(out.resolve("report.html")).exists();
        }
    }

    @Test
    void aLoadIsJudgedAgainstArticle003sObjectiveUnlessSloSaysNone() throws Exception {
        AtomicLong served = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        HttpServer http = LoadCommandTest.serve(128, exchange -> {
            try (exchange) {
                // Every tenth request is answered 503: 10% errors, far above the default 1%.
                boolean refuse = served.incrementAndGet() % 10 == 0;
                if (refuse) {
                    refused.incrementAndGet();
                }
                byte[] body = (refuse ? "busy" : "ok").getBytes(StandardCharsets.US_ASCII);
                exchange.sendResponseHeaders(refuse ? 503 : 200, body.length);
                exchange.getResponseBody().write(body);
            }
        });
        try (AutoCloseable stop = () -> http.stop(0)) {
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/get";
            Path out = tmp.resolve("judged");
            CliHarness.Outcome o = CliHarness.runInto(out, "load", url, "--users", "4", "--duration", "1s");
            Result r = new ResultsFolder(out).read().get(0);
            assertThat(r.section(SloVerdict.SECTION).orElseThrow().spec()).isEqualTo("p99<500ms,errors<1%");
            assertThat(r.section(SloVerdict.SECTION).orElseThrow().met()).isFalse();
            String errors = String.format(java.util.Locale.ROOT, "%% ≥ 1%% (%,d of %,d requests)", refused.get(), served.get());
            assertThat(r.section(SloVerdict.SECTION).orElseThrow().breaches()).anySatisfy(b -> {
                assertThat(b).startsWith("errors ").endsWith(errors);
                double pct = Double.parseDouble(b.substring("errors ".length(), b.indexOf('%')));
                assertThat(pct).isCloseTo(100.0 * refused.get() / served.get(), org.assertj.core.api.Assertions.within(0.5));
            });
            assertThat(o.out()).contains("SLO BREACHED").contains("SLO p99<500ms,errors<1% breached: ");

            Path none = tmp.resolve("none");
            o = CliHarness.runInto(none, "load", url, "--users", "4", "--duration", "1s", "--slo", "none");
            assertThat(new ResultsFolder(none).read().get(0).section(SloVerdict.SECTION)).isEmpty();
        }
    }
}
