package dev.loomlab.report.advise;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.report.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileRuleTest {
    private static final Map<String, Object> PARAMS = Fixtures.params("tasks", 50, "terms", 2000000);
    private static final double[] WALL = {100, 100, 100};

    private static JsonNode top(String kind, long samples, String frame, double selfPct) throws Exception {
        return Json.mapper().readTree("{\"kind\":\"" + kind + "\",\"samples\":" + samples + ",\"frames\":[{\"frame\":\"" + frame
                + "\",\"self_samples\":1,\"self_pct\":" + selfPct + ",\"total_pct\":" + selfPct + "}]}");
    }

    private static Result result(String model, List<ResultProfile> profiles) {
        return Fixtures.ok("cpu-pi", model, PARAMS, Fixtures.JDK25, WALL, 50, 1.0, 40, null, null).toBuilder()
                .section(ResultProfile.SECTION, profiles).build();
    }

    private static List<Advice> advice(Result... results) {
        return Advisor.advise(List.of(results)).stream().filter(a -> a.topic().equals(ProfileRule.TOPIC)).toList();
    }

    @Test
    void theTopFrameAndTheVerdictOfEachProfileAreCited() throws Exception {
        Result virtual = result("virtual", List.of(
                new ResultProfile(1, "async:cpu", null, List.of("logs/a.jfr"), null, null, List.of("logs/a.html"),
                        top("cpu", 177, "dev.loomlab.core.workload.CpuWorkload.leibnizPi", 88.14), null, null),
                new ResultProfile(1, "jfr", null, List.of("logs/a2.jfr"), null, null, List.of(), null, null,
                        "100% of recorded virtual-thread blocked time in sleep or socket I/O")));
        Result server = result("platform:2", List.of(new ResultProfile(1, "async:wall", "server MvcServer", List.of("logs/b.jfr"),
                null, null, List.of(), top("wall", 900, "org.apache.tomcat.util.net.NioEndpoint.serverSocketAccept", 40.0), null, null)));

        List<Advice> advice = advice(virtual, server);

        assertThat(advice).hasSize(1);
        assertThat(advice.get(0).recommendation()).isEqualTo("Where the measured time went (--prof; the flame graphs are linked"
                + " in report.html): virtual spends 88% of 177 CPU samples in dev.loomlab.core.workload.CpuWorkload.leibnizPi (self).");
        assertThat(advice.get(0).evidence()).containsExactly(
                "virtual, async:cpu: 88% of 177 CPU samples in dev.loomlab.core.workload.CpuWorkload.leibnizPi (self)",
                "virtual, jfr: 100% of recorded virtual-thread blocked time in sleep or socket I/O",
                "platform:2 (server MvcServer), async:wall: 40% of 900 wall-clock samples in"
                        + " org.apache.tomcat.util.net.NioEndpoint.serverSocketAccept (self)");
    }

    @Test
    void noProfileNoAdvice() {
        assertThat(advice(result("virtual", List.of()))).isEmpty();
    }

    @Test
    void aMissingProfileIsNotCited() {
        assertThat(advice(result("virtual", List.of(new ResultProfile(1, "jfr", null, List.of(), null, "JFR failed", List.of(),
                null, null, null))))).isEmpty();
    }
}
