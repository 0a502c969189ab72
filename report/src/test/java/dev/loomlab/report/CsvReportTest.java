package dev.loomlab.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** results.csv reads back, field for field, with any CSV reader: what its quoting is for. */
class CsvReportTest {

    private static Result result(String model, String status, String error) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        if (error == null) {
            metrics.put("wall_ms", Summary.of(new double[]{10, 12, 14}));
        }
        return Result.builder("sleep", model).params(Fixtures.params("tasks", 2, "sleep", "1ms")).jvm(Fixtures.JDK25)
                .rounds(1, 1, 3).status(Status.valueOf(status.toUpperCase(java.util.Locale.ROOT)), error).metrics(metrics).build();
    }

    private static List<List<String>> read(String csv) throws Exception {
        CsvMapper mapper = new CsvMapper();
        try (MappingIterator<List<String>> rows = mapper.readerForListOf(String.class)
                .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(csv)) {
            return rows.readAll();
        }
    }

    @Test
    void everyFieldReadsBackAsWritten() throws Exception {
        String error = "crash: \"boom\", then\r\nmore, and a\nnewline";
        String csv = CsvReport.render(List.of(result("virtual", "ok", null), result("platform:2", "failed", error)));

        List<List<String>> rows = read(csv);
        assertThat(rows).hasSize(3);
        List<String> header = rows.get(0);
        assertThat(rows).allSatisfy(r -> assertThat(r).hasSameSizeAs(header));
        assertThat(rows.get(1).get(header.indexOf("wall_ms.median"))).isEqualTo("12");
        assertThat(rows.get(1).get(header.indexOf("param.sleep"))).isEqualTo("1ms");
        assertThat(rows.get(2).get(header.indexOf("error"))).isEqualTo(error);
        assertThat(rows.get(2).get(header.indexOf("model"))).isEqualTo("platform:2");
        assertThat(rows.get(2).get(header.indexOf("wall_ms.median"))).isEmpty();
    }

    @Test
    void onlyFieldsThatNeedItAreQuotedAndRowsEndInCrLf() {
        String csv = CsvReport.render(List.of(result("platform:2", "failed", "a, b")));
        assertThat(csv).startsWith("scenario,model,jdk_version,forks,warmup,iterations,status,param.sleep,param.tasks,")
                .contains("\r\nsleep,platform:2,25.0.3+9-LTS,1,1,3,failed,1ms,2,")
                .endsWith(",\"a, b\"\r\n");
    }
}
