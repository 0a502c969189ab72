package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.LatencySummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.report.Fixtures;
import dev.loomlab.report.advise.Advisor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A web sweep over users, on the cpu and the memory endpoint: report.html draws throughput and p99 against
 * users, one curve per server, one chart per endpoint.
 */
class LoadSweepTest {
    private static final int[] USERS = {100, 1000, 3000};
    private static final List<String> SERVERS = List.of("jdk", "mvc-virtual");

    /** Throughput rising to a ceiling and p99 growing with users, different per server and endpoint. */
    private static Result web(String server, String endpoint, int users) {
        double scale = (server.equals("jdk") ? 1.0 : 0.8) * (endpoint.equals("cpu") ? 1.0 : 3.0);
        double throughput = scale * Math.min(users, 1000) / 5.0;
        double p99 = users / throughput * 1000 * 1.5;
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("throughput_per_s", Summary.of(new double[]{throughput * 0.99, throughput, throughput * 1.01}));
        metrics.put("requests", Summary.of(new double[]{throughput, throughput, throughput}));
        metrics.put("task_latency_ms", new LatencySummary(p99 / 3, p99 / 2, p99, p99 * 1.1, p99 * 1.2, p99 / 2.5, 1000));
        Map<String, Object> params = Fixtures.params("users", users, "endpoint", endpoint, "work", "5ms");
        return Result.builder("web", server).params(params).jvm(Fixtures.JDK25).rounds(1, 0, 3).metrics(metrics).build();
    }

    private static List<Result> results() {
        List<Result> out = new ArrayList<>();
        for (String endpoint : List.of("cpu", "memory")) {
            for (String server : SERVERS) {
                for (int users : USERS) {
                    out.add(web(server, endpoint, users));
                }
            }
        }
        return out;
    }

    @Test
    void aUsersSweepPerEndpointDrawsThroughputAndP99CurvesPerServer() throws Exception {
        List<Result> results = results();
        String html = HtmlReport.render(results, HtmlReportTest.environment(), Advisor.advise(results));
        List<JsonNode> curves = ReportPage.charts(html, "curves");
        assertThat(curves).extracting(c -> c.get("title").asText()).containsExactly(
                "web: throughput per s (mean, 99.9% CI) against users · endpoint=cpu work=5ms",
                "web: throughput per s (mean, 99.9% CI) against users · endpoint=memory work=5ms",
                "web: task latency p99 ms (of each result's answers) against users · endpoint=cpu work=5ms",
                "web: task latency p99 ms (of each result's answers) against users · endpoint=memory work=5ms");
        for (JsonNode chart : curves) {
            String endpoint = chart.get("title").asText().contains("endpoint=cpu") ? "cpu" : "memory";
            boolean p99 = chart.get("title").asText().contains("p99");
            assertThat(chart.get("series")).extracting(s -> s.get("name").asText()).containsExactlyElementsOf(SERVERS);
            for (int s = 0; s < SERVERS.size(); s++) {
                JsonNode points = chart.get("series").get(s).get("points");
                assertThat(points).extracting(p -> p.get("x").asInt()).containsExactly(100, 1000, 3000);
                for (int i = 0; i < USERS.length; i++) {
                    Result r = web(SERVERS.get(s), endpoint, USERS[i]);
                    double expected = p99 ? ((LatencySummary) r.metrics().get("task_latency_ms")).p99()
                            : ((Summary) r.metrics().get("throughput_per_s")).mean();
                    assertThat(points.get(i).get("mean").asDouble()).isEqualTo(expected);
                }
            }
        }
    }
}
