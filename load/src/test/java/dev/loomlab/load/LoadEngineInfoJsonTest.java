package dev.loomlab.load;

import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine of a load result is an additive field: left out for loomlab's own generator (a line as before),
 * written with its remotes for another engine, and read back whole.
 */
class LoadEngineInfoJsonTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());

    @Test
    void theLoadEngineIsLeftOutForLoomlabsOwnAndReadsBackForAnother() throws Exception {
        String own = ResultJson.toLine(Result.builder("load", "closed:4").jvm(JVM).build());
        assertThat(own).doesNotContain("\"engine\"");
        assertThat(ResultJson.fromLine(own).section(LoadEngineInfo.SECTION)).isEmpty();

        LoadEngineInfo jmeter = new LoadEngineInfo("jmeter", "5.6.3", "from the actual send",
                List.of(new LoadEngineInfo.Remote("127.0.0.1:4000", 11, null, 120, 119),
                        new LoadEngineInfo.Remote("127.0.0.1:4002", 10, null, 100, 100)));
        String line = ResultJson.toLine(Result.builder("load", "closed:21").jvm(JVM).section(LoadEngineInfo.SECTION, jmeter).build());
        assertThat(line).endsWith(",\"engine\":{\"name\":\"jmeter\",\"version\":\"5.6.3\",\"latency\":\"from the actual send\","
                + "\"remotes\":[{\"address\":\"127.0.0.1:4000\",\"users\":11,\"requests\":120,\"ok\":119},"
                + "{\"address\":\"127.0.0.1:4002\",\"users\":10,\"requests\":100,\"ok\":100}]}}");
        assertThat(ResultJson.fromLine(line).section(LoadEngineInfo.SECTION)).hasValue(jmeter);
        // a local run has no remotes: the list is left out
        String local = ResultJson.toLine(Result.builder("load", "open:50/s").jvm(JVM)
                .section(LoadEngineInfo.SECTION, new LoadEngineInfo("jmeter", "5.6.3", "x", List.of())).build());
        assertThat(local).contains("\"engine\":{\"name\":\"jmeter\",\"version\":\"5.6.3\",\"latency\":\"x\"}");
        assertThat(ResultJson.fromLine(local).toBuilder().build().section(LoadEngineInfo.SECTION).orElseThrow().remotes()).isEmpty();
    }
}
