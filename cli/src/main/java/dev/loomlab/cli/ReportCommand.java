package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.folder.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loomlab report DIR}: re-renders the table, results.csv, report.md and report.html from results.jsonl
 * (and summary.json); unreadable input is bad input, a last line a killed run cut short a warning.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Re-render a results folder's table, CSV, Markdown and HTML report (with charts and advice).")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "a results folder")
    Path dir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + " is not a results folder (no " + ResultsFolder.RESULTS + ")");
        }
        List<String> warnings = new ArrayList<>();
        List<Result> results = ResultsSource.read(dir, "", warnings::add);
        ResultsFolder folder = new ResultsFolder(dir);
        Map<String, Object> summary;
        try {
            summary = folder.readSummary();
        } catch (IOException e) {
            throw new BadInputException("cannot read " + dir.resolve(ResultsFolder.SUMMARY) + ": " + Fmt.firstLine(e.getMessage()));
        }
        try {
            folder.render(results, summary);
        } catch (IOException e) {
            throw new BadInputException("cannot write the reports into " + dir + " (" + WriteFailure.reason(e) + ")");
        }
        warnings.forEach(w -> System.err.println("warning: " + w));
        System.out.print(ConsoleReport.render(results));
        System.out.println("report: " + dir.resolve(ResultsFolder.HTML));
        return 0;
    }
}
