package dev.loomlab.report.folder;

import dev.loomlab.report.CsvReport;
import dev.loomlab.report.MarkdownReport;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.loomlab.bench.JmhRun;
import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.result.ResultKey;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.load.Arm;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.Timeline;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.load.service.ServiceFigures;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.report.advise.Advisor;
import dev.loomlab.report.html.HtmlReport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
    /** The plan of the run that made the folder, which a {@code --resume} must repeat. */
    public static final String PLAN = "plan.json";
    /** Where a results.jsonl line cut short by a crash is kept, once a resumed run repaired the file. */
    public static final String CUT = "results.cut.txt";
    /**
     * The sections the reports read, each in the module that owns its feature; a line's sections are read as the line
     * is, so one of the wrong shape is bad input naming its line. A section not listed is kept and written back.
     */
    public static final List<ResultSection<?>> SECTIONS = List.of(CallFailure.SECTION, SloVerdict.SECTION,
            PinnedStacks.SECTION, GcSections.COLLECTOR, GcSections.PAUSE_MS, JmhRun.SECTION, ResultProfile.SECTION,
            CapacitySearch.SECTION, KneeCause.SECTION, ServiceFigures.SECTION, LoadEngineInfo.SECTION, Arm.SECTION,
            Timeline.SECTION);

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
        writeHistograms(appendLine(result), result);
    }

    /**
     * Appends one result line and forces it to the file. A write that fails (a full disk) leaves the file
     * as it was: whole lines of whole results.
     *
     * @return the line's number, from 1
     */
    public long appendLine(Result result) throws IOException {
        Path file = dir.resolve(RESULTS);
        byte[] text = (ResultJson.toLine(result) + "\n").getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, StandardOpenOption.SYNC)) {
            long before = channel.size();
            try {
                ByteBuffer buffer = ByteBuffer.wrap(text);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                // A full disk may take half a line: cut it off, so the file stays whole lines of whole results.
                try {
                    channel.truncate(before);
                } catch (IOException ignored) {
                    // the next --resume repairs a cut last line, with a warning
                }
                throw e;
            }
        }
        try (var lines = Files.lines(file)) {
            return lines.count();
        }
    }

    /** Writes the result's histograms as HdrHistogram logs named after its line in results.jsonl. */
    public void writeHistograms(long line, Result result) throws IOException {
        if (!result.histograms().isEmpty()) {
            HistogramLogs.write(dir.resolve(HISTOGRAMS), line, result);
        }
    }

    /** The folder's results: every line of results.jsonl but those a resumed run re-ran ({@link ResultKey#current}). */
    public List<Result> read() throws IOException {
        Path f = dir.resolve(RESULTS);
        return Files.isRegularFile(f) ? ResultKey.current(ResultJson.readAll(f, cutShort -> { }, SECTIONS)) : List.of();
    }

    /**
     * Makes results.jsonl whole lines again after a crash cut its last line short: a last line that is a
     * whole result gets its line end; one that is not is moved to {@value #CUT} (so the result runs again).
     *
     * @return what was done, for a warning, or null when the file was whole
     */
    public String repairLastLine() throws IOException {
        Path file = dir.resolve(RESULTS);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length == 0 || bytes[bytes.length - 1] == '\n') {
            return null;
        }
        int start = bytes.length;
        int lineNumber = 1;
        while (start > 0 && bytes[start - 1] != '\n') {
            start--;
        }
        for (int i = 0; i < start; i++) {
            lineNumber += bytes[i] == '\n' ? 1 : 0;
        }
        String text = new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            try {
                Result whole = ResultJson.fromLine(text);
                channel.write(ByteBuffer.wrap(new byte[]{'\n'}), bytes.length);
                channel.force(true);
                return RESULTS + " line " + lineNumber + " (" + whole.scenario() + " " + whole.model()
                        + ") had no line end, as after a crash while writing it: kept, line end added";
            } catch (IOException | RuntimeException notWhole) {
                Files.writeString(dir.resolve(CUT), text + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                channel.truncate(start);
                channel.force(true);
                return RESULTS + " line " + lineNumber + " was cut short by a crash (" + text.length()
                        + " characters, not a whole result): moved to " + CUT + "; that result runs again";
            }
        }
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
