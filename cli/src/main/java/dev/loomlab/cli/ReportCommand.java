package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code loomlab report DIR}: re-renders the table, results.csv, report.md and report.html from results.jsonl. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Re-render a results folder's table, CSV, Markdown and HTML report (with charts and advice).")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "a results folder")
    Path dir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(dir.resolve(ResultsFolder.RESULTS))) {
            throw new BadInputException(dir + " is not a results folder (no " + ResultsFolder.RESULTS + ")");
        }
        ResultsFolder folder = new ResultsFolder(dir);
        List<Result> results;
        try {
            results = folder.read();
        } catch (IOException e) {
            throw new BadInputException("cannot read " + dir.resolve(ResultsFolder.RESULTS) + ": " + e.getMessage());
        }
        folder.render(results, folder.readSummary());
        System.out.print(ConsoleReport.render(results));
        System.out.println("report: " + dir.resolve(ResultsFolder.HTML));
        return 0;
    }
}
