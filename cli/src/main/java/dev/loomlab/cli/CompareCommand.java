package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.report.analysis.Difference;
import dev.loomlab.report.analysis.Metrics;
import dev.loomlab.report.compare.CompareReport;
import dev.loomlab.report.compare.Comparison;
import dev.loomlab.report.compare.Machines;
import dev.loomlab.report.folder.ResultsFolder;
import dev.loomlab.report.html.CompareHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loomlab compare BASELINE CANDIDATE}: matches the two runs' results, judges each change by the
 * Hodges-Lehmann ratio's exact 99% interval ({@link Comparison}, by {@link Difference}, as {@code advise} judges
 * models), warns on stderr when the two machines
 * differ, prints the changes as Markdown, writes them as an HTML page, and exits 1 when a result regressed.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two results folders result by result (scenario, model, params, JDK): the ratio "
                + "candidate / baseline (Hodges-Lehmann) with its exact 99% confidence interval and the exact "
                + "Mann-Whitney p.",
                "Markdown on stdout; an HTML page in CANDIDATE/compare.html (or --html); differences between the "
                        + "two machines (cores, CPU, JDKs) as warnings on stderr. "
                        + "Exit 1 when a result regressed (the ratio's whole 99% interval beyond the threshold on the "
                        + "worse side, or failed only in the candidate), 0 otherwise (also when the samples are too "
                        + "few to judge: fewer than 5 a side), 2 on bad input."})
final class CompareCommand implements Callable<Integer> {
    /** The HTML page's name when {@code --html} is not given, written beside the candidate's results. */
    static final String HTML = "compare.html";

    @Parameters(index = "0", paramLabel = "BASELINE", description = "a results folder (or its results.jsonl)")
    Path baseline;

    @Parameters(index = "1", paramLabel = "CANDIDATE", description = "a results folder (or its results.jsonl)")
    Path candidate;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = Difference.DEFAULT_THRESHOLD_PCT + "%",
            converter = Converters.PercentConverter.class,
            description = "changes within this are no change (default ${DEFAULT-VALUE}, the threshold advise judges by)")
    double thresholdPct;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "the metric to judge (default: each result's score, wall_ms; _per_s metrics are better higher)")
    String metric;

    @Option(names = "--any-jdk", description = "match results regardless of their JDK (to judge a JDK upgrade)")
    boolean anyJdk;

    @Option(names = "--html", paramLabel = "FILE", description = "where to write the HTML page (default CANDIDATE/compare.html)")
    Path html;

    @Override
    public Integer call() {
        List<String> warnings = new ArrayList<>();
        List<Result> base = ResultsSource.read(baseline, "baseline", warnings::add);
        List<Result> cand = ResultsSource.read(candidate, "candidate", warnings::add);
        if (base.isEmpty() || cand.isEmpty()) {
            throw new BadInputException((base.isEmpty() ? "baseline " + baseline : "candidate " + candidate) + " holds no results");
        }
        if (metric != null && base.stream().noneMatch(r -> Metrics.summary(r, metric) != null)
                && cand.stream().noneMatch(r -> Metrics.summary(r, metric) != null)) {
            throw new BadInputException("--metric " + metric + ": no result of either run carries it");
        }
        Comparison c = Comparison.of(base, cand, metric, thresholdPct, anyJdk);
        if (c.changes().isEmpty()) {
            throw new BadInputException("no result of " + baseline + " matches one of " + candidate
                    + " (matched by scenario, model, params and JDK" + (anyJdk ? ")" : "; --any-jdk ignores the JDK)"));
        }
        warnings.addAll(Machines.warnings(summary(baseline), summary(candidate)));
        Machines.drift(c).ifPresent(warnings::add);
        Path page = html != null ? html : defaultPage(candidate);
        try {
            Files.writeString(page, CompareHtml.render(c, baseline.toString(), candidate.toString(), warnings),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + page + " (" + WriteFailure.reason(e) + "); give --html FILE");
        }
        warnings.forEach(w -> System.err.println("warning: " + w));
        System.out.print(CompareReport.markdown(c, baseline.toString(), candidate.toString(), warnings));
        String small = CompareReport.tooSmallLine(c);
        if (!small.isEmpty()) {
            System.err.println(small.replace("**", ""));
        }
        System.err.println("html: " + page);
        return c.regressed() ? 1 : 0;
    }

    /** The summary.json of a results folder (or of the folder holding a results.jsonl); empty when absent or unreadable. */
    private static Map<String, Object> summary(Path source) {
        Path dir = Files.isDirectory(source) ? source : source.toAbsolutePath().getParent();
        if (dir == null) {
            return Map.of();
        }
        try {
            return new ResultsFolder(dir).readSummary();
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    private static Path defaultPage(Path candidate) {
        Path dir = Files.isDirectory(candidate) ? candidate : candidate.toAbsolutePath().getParent();
        return dir.resolve(HTML);
    }
}
