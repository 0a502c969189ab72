package dev.loomlab.report;

import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.core.result.Result;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A row names the load engine when it is not loomlab's own, with each remote engine's requests. */
class EngineNoteTest {
    private static String notes(Result r) {
        return ResultRow.cells(r).get(ResultRow.HEADER.indexOf("notes"));
    }

    @Test
    void aJmeterLoadSaysSoAndCountsItsRemoteEngines() {
        Result distributed = Result.builder("load", "closed:21").section(LoadEngineInfo.SECTION, new LoadEngineInfo("jmeter",
                "5.6.3", "from the actual send", List.of(new LoadEngineInfo.Remote("127.0.0.1:4000", 11, null, 5321, 5300),
                        new LoadEngineInfo.Remote("127.0.0.1:4002", 10, null, 4870, 4870)))).build();
        assertThat(notes(distributed)).startsWith("engine jmeter 5.6.3 (latency from the actual send) on 2 remote engines"
                + " (5,321 + 4,870 requests)");
        Result web = Result.builder("web", "webflux").params(Map.of("users", 3000, "engine", "jmeter")).build();
        assertThat(notes(web)).startsWith("engine jmeter (latency from the actual send)");
        Result own = Result.builder("web", "webflux").params(Map.of("users", 3000, "engine", "loomlab")).build();
        assertThat(notes(own)).doesNotContain("engine");
        assertThat(notes(Result.builder("load", "closed:4").build())).doesNotContain("engine");
    }
}
