package dev.loomlab.report;

import dev.loomlab.report.folder.ResultsFolder;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.HistogramCodec;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Appending a result writes its latency histogram as an HdrHistogram log that HdrHistogram's reader reads back whole. */
class HistogramLogsTest {
    @TempDir
    Path tmp;

    @Test
    void eachResultsHistogramIsAnHdrHistogramLog() throws Exception {
        Result r = Fixtures.sleep("virtual", 100, 50, Fixtures.JDK25, 60, 50.0, null);
        Histogram original = HistogramCodec.decode(r.histograms().get("task_latency_ms"));
        ResultsFolder folder = new ResultsFolder(tmp);
        folder.append(Fixtures.failed("sleep", "platform:1", Fixtures.params("tasks", 1), "no histogram"));
        folder.append(r);

        List<Path> logs;
        try (var files = Files.list(tmp.resolve(ResultsFolder.HISTOGRAMS))) {
            logs = files.toList();
        }
        // The failed result has none; the second line's result has one.
        assertThat(logs).extracting(p -> p.getFileName().toString()).containsExactly("2-sleep-virtual-task_latency_ms.hlog");
        HistogramLogReader reader = new HistogramLogReader(logs.get(0).toFile());
        EncodableHistogram read = reader.nextIntervalHistogram();
        assertThat(read).isInstanceOf(Histogram.class);
        Histogram h = (Histogram) read;
        // 100 tasks in each of the fixture's iterations, every one of them in the log.
        assertThat(h.getTotalCount()).isEqualTo(original.getTotalCount()).isEqualTo(100L * r.iterations());
        assertThat(h.getValueAtPercentile(50)).isEqualTo(original.getValueAtPercentile(50));
        assertThat(reader.nextIntervalHistogram()).isNull();
    }
}
