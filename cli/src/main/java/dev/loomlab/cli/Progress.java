package dev.loomlab.cli;

import dev.loomlab.report.ParamDefaults;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.outcome.ProgressListener;

import java.util.List;

/** Shows a run's progress: a bar on a terminal, plain lines elsewhere (CI, pipes). Writes to stderr. */
public interface Progress extends AutoCloseable {

    /** A trial of {@code planned} (fork {@code fork}) starts; returns the listener for its iterations. */
    ProgressListener trialStarted(PlannedResult planned, int fork);

    /** A result is complete and written. */
    void resultDone(Result result, int done, int total);

    @Override
    void close();

    /** A bar when stderr is a terminal, plain lines otherwise; both with the estimated time left. */
    static Progress forConsole(List<PlannedResult> plan) {
        java.io.Console console = System.console();
        boolean terminal = console != null && console.isTerminal() && System.getenv("CI") == null;
        TimeLeft left = new TimeLeft(plan);
        return terminal ? new BarProgress(plan.stream().mapToInt(PlannedResult::totalIterations).sum(), left)
                : new LineProgress(System.err, left,
                        ParamDefaults.of(plan.stream().map(PlannedResult::scenario).distinct().toList()));
    }
}
