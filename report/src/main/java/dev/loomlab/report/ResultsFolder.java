package dev.loomlab.report;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.report.advise.Advisor;
import dev.loomlab.report.html.HtmlReport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * A results folder: {@code results.jsonl} appended (and flushed) as each result completes, so a crash
 * or Ctrl-C loses nothing; {@code results.csv}, {@code report.md}, {@code report.html} and
 * {@code summary.json} written whole (via a temporary file and a rename) whenever they are rendered;
 * trial logs under {@code logs/}.
 */
public final class ResultsFolder {
    public static final String RESULTS = "results.jsonl";
    public static final String CSV = "results.csv";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";
    public static final String SUMMARY = "summary.json";
    public static final String LOGS = "logs";
    /** HdrHistogram log files, one per result and recorded histogram, that HdrHistogram's own tools read. */
    public static final String HISTOGRAMS = "histograms";

    private final Path dir;

    public ResultsFolder(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path logs() {
        return dir.resolve(LOGS);
    }

    /**
     * Appends one result line and forces it to the file; then writes each of its histograms as an
     * HdrHistogram log ({@link #HISTOGRAMS}{@code /<line>-<scenario>-<model>-<metric>.hlog}, values in ns).
     */
    public void append(Result result) throws IOException {
        Files.writeString(dir.resolve(RESULTS), ResultJson.toLine(result) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
        if (!result.histograms().isEmpty()) {
            long line;
            try (var lines = Files.lines(dir.resolve(RESULTS))) {
                line = lines.count();
            }
            HistogramLogs.write(dir.resolve(HISTOGRAMS), line, result);
        }
    }

    /** The results of this folder (none without results.jsonl); a last line a killed run cut short is skipped. */
    public List<Result> read() throws IOException {
        Path f = dir.resolve(RESULTS);
        return Files.isRegularFile(f) ? ResultJson.readAll(f, cutShort -> { }) : List.of();
    }

    public void writeSummary(Map<String, Object> environment) throws IOException {
        writeAtomically(SUMMARY, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(environment) + "\n");
    }

    public Map<String, Object> readSummary() throws IOException {
        Path f = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(f)) {
            return Map.of();
        }
        return Json.mapper().readValue(f.toFile(), new TypeReference<Map<String, Object>>() {
        });
    }

    /** Writes results.csv, report.md and report.html (with the advice) from the given results. */
    public void render(List<Result> results, Map<String, Object> environment) throws IOException {
        writeAtomically(CSV, CsvReport.render(results));
        writeAtomically(MARKDOWN, MarkdownReport.render(results, environment));
        writeAtomically(HTML, HtmlReport.render(results, environment, Advisor.advise(results)));
    }

    private void writeAtomically(String name, String content) throws IOException {
        Path tmp = dir.resolve(name + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
