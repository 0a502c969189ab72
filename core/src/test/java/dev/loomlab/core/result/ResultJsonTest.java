package dev.loomlab.core.result;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A result line of contract 2 reads back as the same result: the model value, status, score, form and figure;
 * a file's lines are read as docs/results.md says (a last line cut short skipped, a newer contract refused).
 */
class ResultJsonTest {
    private static final JvmInfo JVM = new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of());

    @Test
    void aResultReadsBackWhole() throws Exception {
        ModelCatalog models = ModelCatalog.load();
        Result pool = Result.builder("sleep", "platform:200").modelInfo(models.create("platform:200")).form("blocking")
                .params(Map.of("tasks", 2000, "sleep", "50ms")).jvm(JVM).rounds(2, 1, 5)
                .metrics(Map.of("wall_ms", Summary.of(new double[]{500, 510, 520})))
                .bound(500.0, 500.0 / 510, null)
                .published(Result.PublishedFigure.of("004", "Java virtual threads: internals and performance", "wall_ms",
                        15549, "i5", "mean of 3 rounds"))
                .build();
        String line = ResultJson.toLine(pool);
        assertThat(line).startsWith("{\"contract\":2,\"scenario\":\"sleep\",\"model\":\"platform:200\",\"model_info\":{")
                .contains("\"model_info\":{\"name\":\"platform:200\",\"kind\":\"platform\",\"size\":200,\"threads\":\"platform\",\"concurrency\":200}")
                .contains("\"status\":\"ok\"").contains("\"score\":\"wall_ms\"").contains("\"article\":\"004\"");
        Result back = ResultJson.fromLine(line);
        assertThat(back.modelInfo().size()).as("size").isEqualTo(pool.modelInfo().size());
        assertThat(back.modelInfo().threads()).as("threads").isEqualTo(pool.modelInfo().threads());
        assertThat(back.modelInfo()).isEqualTo(pool.modelInfo());
        assertThat(back.modelInfo().concurrency()).hasValue(200);
        assertThat(back.status()).isEqualTo(Status.OK);
        assertThat(back.form()).isEqualTo("blocking");
        assertThat(back.published()).isEqualTo(pool.published());
        assertThat(back.metrics().get("wall_ms")).isEqualTo(pool.metrics().get("wall_ms"));

        Result virtual = Result.builder("sleep", "virtual").modelInfo(models.create("virtual"))
                .status(Status.NOT_APPLICABLE, "no").build();
        Result read = ResultJson.fromLine(ResultJson.toLine(virtual));
        assertThat(read.modelInfo().concurrency()).isEmpty();
        assertThat(read.modelInfo().size()).isEmpty();
        assertThat(read.status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    /**
     * The engine of a load result is an additive field: left out for loomlab's own generator (a line as before),
     * written with its remotes for another engine, and read back whole.
     */
    @Test
    void theLoadEngineIsLeftOutForLoomlabsOwnAndReadsBackForAnother() throws Exception {
        String own = ResultJson.toLine(Result.builder("load", "closed:4").jvm(JVM).build());
        assertThat(own).doesNotContain("\"engine\"");
        assertThat(ResultJson.fromLine(own).engine()).isNull();

        dev.loomlab.core.outcome.LoadEngineInfo jmeter = new dev.loomlab.core.outcome.LoadEngineInfo("jmeter", "5.6.3",
                "from the actual send", List.of(new dev.loomlab.core.outcome.LoadEngineInfo.Remote("127.0.0.1:4000", 11, null, 120, 119),
                new dev.loomlab.core.outcome.LoadEngineInfo.Remote("127.0.0.1:4002", 10, null, 100, 100)));
        String line = ResultJson.toLine(Result.builder("load", "closed:21").jvm(JVM).engine(jmeter).build());
        assertThat(line).endsWith(",\"engine\":{\"name\":\"jmeter\",\"version\":\"5.6.3\",\"latency\":\"from the actual send\","
                + "\"remotes\":[{\"address\":\"127.0.0.1:4000\",\"users\":11,\"requests\":120,\"ok\":119},"
                + "{\"address\":\"127.0.0.1:4002\",\"users\":10,\"requests\":100,\"ok\":100}]}}");
        assertThat(ResultJson.fromLine(line).engine()).isEqualTo(jmeter);
        // a local run has no remotes: the list is left out
        String local = ResultJson.toLine(Result.builder("load", "open:50/s").jvm(JVM)
                .engine(new dev.loomlab.core.outcome.LoadEngineInfo("jmeter", "5.6.3", "x", List.of())).build());
        assertThat(local).contains("\"engine\":{\"name\":\"jmeter\",\"version\":\"5.6.3\",\"latency\":\"x\"}");
        assertThat(ResultJson.fromLine(local).toBuilder().build().engine().remotes()).isEmpty();
    }

    @Test
    void aLastLineWithoutItsNewlineIsSkippedWithAWarningAndAnyOtherBadLineIsAnError(@TempDir Path dir) throws Exception {
        String line = ResultJson.toLine(Result.builder("sleep", "virtual").jvm(JVM).build());
        List<String> warnings = new ArrayList<>();
        Path cut = Files.writeString(dir.resolve("cut.jsonl"), line + "\n" + line + "\n" + line.substring(0, 40));
        assertThat(ResultJson.readAll(cut, warnings::add)).hasSize(2);
        assertThat(warnings).singleElement().asString().contains("line 3").contains("cut short");

        Path ended = Files.writeString(dir.resolve("ended.jsonl"), line + "\n" + line.substring(0, 40) + "\n");
        assertThatThrownBy(() -> ResultJson.readAll(ended, warnings::add)).hasMessageStartingWith("line 2: ");
        Path shape = Files.writeString(dir.resolve("shape.jsonl"), line + "\n[1, 2]");
        assertThatThrownBy(() -> ResultJson.readAll(shape, warnings::add)).hasMessage("line 2: not a result object");
        assertThat(warnings).hasSize(1);
    }

    @Test
    void aNewerContractIsRefusedAndALineWithoutOneIsContractOne() throws Exception {
        String line = ResultJson.toLine(Result.builder("sleep", "virtual").jvm(JVM).build());
        String next = line.replace("\"contract\":" + Result.CONTRACT, "\"contract\":" + (Result.CONTRACT + 1));
        assertThatThrownBy(() -> ResultJson.fromLine(next))
                .hasMessageContaining("newer loomlab (contract " + (Result.CONTRACT + 1) + ")");
        assertThatThrownBy(() -> ResultJson.fromLine(line.replace("\"contract\":" + Result.CONTRACT, "\"contract\":0")))
                .hasMessageContaining("not a contract version");
        assertThat(ResultJson.fromLine(line.replace("\"contract\":" + Result.CONTRACT + ",", "")).scenario()).isEqualTo("sleep");
    }
}
