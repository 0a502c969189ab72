package dev.loomlab.cli;

import dev.loomlab.core.result.Result;
import dev.loomlab.report.advise.AdviceReport;
import dev.loomlab.report.advise.Advisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loomlab advise DIR}: recommendations from a results folder's measurements, as Markdown. Whether one
 * model is faster than another beyond noise is judged as {@code compare} judges a change
 * ({@link dev.loomlab.report.analysis.Difference}: the ratio's exact 99% interval, at compare's default 5%
 * threshold; fewer than 5 samples a side give no verdict).
 */
@Command(name = "advise", mixinStandardHelpOptions = true,
        description = "Recommendations from a results folder's measured results, each with the figures it rests on "
                + "(also in its report.html).")
final class AdviseCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "a results folder (or its results.jsonl)")
    Path dir;

    @Override
    public Integer call() {
        List<String> warnings = new ArrayList<>();
        List<Result> results = ResultsSource.read(dir, "", warnings::add);
        warnings.forEach(w -> System.err.println("warning: " + w));
        System.out.print(AdviceReport.markdown(Advisor.advise(results), dir.toString(), results.size()));
        return 0;
    }
}
