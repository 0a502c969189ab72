package dev.loomlab.core.result;

import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.section.ResultSection;
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
     * A section no module of this reader declares (a newer loomlab's, another tool's) is kept as it was read and
     * written back in the same place: reading and writing a line loses nothing.
     */
    @Test
    void aSectionUnknownToTheReaderSurvivesARoundTrip() throws Exception {
        String written = ResultJson.toLine(Result.builder("sleep", "virtual").jvm(JVM)
                .metrics(Map.of("wall_ms", Summary.of(new double[]{500, 510, 520}))).build());
        String unknown = "\"power\":{\"watts\":[41.5,42.0],\"meter\":\"rapl\",\"note\":null}";
        String line = written.substring(0, written.length() - 1) + "," + unknown + "}";
        Result read = ResultJson.fromLine(line);
        assertThat(read.sections().names()).containsExactly("power");
        assertThat(ResultJson.toLine(read)).isEqualTo(line);
        assertThat(ResultJson.toLine(read.toBuilder().status(Status.OK, null).build())).endsWith("," + unknown + "}");
        // a section this reader knows, once read as its type, is written as it was read too
        ResultSection.Value<Power> power = ResultSection.value("power", Power.class);
        assertThat(read.section(power)).hasValue(new Power(List.of(41.5, 42.0), "rapl", null));
        assertThat(ResultJson.toLine(read)).isEqualTo(line);
    }

    /** A section of the wrong shape is found where its line is read, by a reader that reads it, and named. */
    @Test
    void aSectionOfTheWrongShapeIsAnErrorOfItsLine(@TempDir Path dir) throws Exception {
        String line = ResultJson.toLine(Result.builder("sleep", "virtual").jvm(JVM).build());
        Path file = Files.writeString(dir.resolve("results.jsonl"),
                line + "\n" + line.substring(0, line.length() - 1) + ",\"power\":{\"watts\":\"many\"}}\n");
        ResultSection.Value<Power> power = ResultSection.value("power", Power.class);
        assertThat(ResultJson.readAll(file, w -> { })).hasSize(2);
        assertThatThrownBy(() -> ResultJson.readAll(file, w -> { }, List.of(power)))
                .hasMessageStartingWith("line 2: \"power\" has the wrong shape: ");
    }

    /** A test's own section: what a power meter read. */
    record Power(List<Double> watts, String meter, String note) {
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
