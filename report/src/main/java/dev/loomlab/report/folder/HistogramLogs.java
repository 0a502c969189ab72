package dev.loomlab.report.folder;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A result's histograms in HdrHistogram's own log format, one file per recorded metric, so that its tools
 * ({@code HistogramLogProcessor}, {@code HistogramLogReader}, the plotters) read them: one interval holding
 * every measured iteration of every fork, values in ns.
 */
final class HistogramLogs {
    private HistogramLogs() {
    }

    /** Writes {@code <line>-<scenario>-<model>-<metric>.hlog} under {@code dir} for each of the result's histograms. */
    static void write(Path dir, long line, Result result) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, String> e : result.histograms().entrySet()) {
            String name = (line + "-" + result.scenario() + "-" + result.model() + "-" + e.getKey())
                    .replaceAll("[^A-Za-z0-9._=-]+", "_") + ".hlog";
            Histogram h = HistogramCodec.decode(e.getValue());
            try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(name)), false, StandardCharsets.UTF_8)) {
                HistogramLogWriter log = new HistogramLogWriter(out);
                log.outputComment("loomlab " + result.scenario() + " " + result.model() + " " + result.params() + ": "
                        + e.getKey() + ", values in ns, every measured iteration of " + result.forks() + " fork(s)");
                log.outputLogFormatVersion();
                log.outputLegend();
                log.outputIntervalHistogram(0, 0, h, 1e6);
            }
        }
    }
}
