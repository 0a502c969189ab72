package dev.loomlab.cli;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.report.Fmt;

import java.io.PrintStream;

/**
 * One line when a trial starts and one when a result is done, with the elapsed time and, after each
 * result, the estimated time left: for logs and CI.
 */
final class LineProgress implements Progress {
    private final PrintStream out;
    private final long started = System.nanoTime();
    private final TimeLeft left;

    LineProgress(PrintStream out, TimeLeft left) {
        this.out = out;
        this.left = left;
    }

    @Override
    public ProgressListener trialStarted(PlannedResult planned, int fork) {
        out.printf("[%s] start  %s%s%n", elapsed(), planned.label(), planned.forks() > 1 ? " fork " + fork : "");
        return ProgressListener.NONE;
    }

    @Override
    public void resultDone(Result result, int done, int total) {
        String figure = "";
        if (result.ok() && result.metrics().get(result.score()) instanceof Summary score) {
            figure = " " + result.score() + " mean " + Fmt.num(score.mean())
                    + (score.hasInterval() ? " ± " + Fmt.num(score.ciHalfWidth()) + " (99.9% ci)" : " " + Fmt.NO_CI);
        } else if (!result.ok()) {
            figure = " — " + Fmt.firstLine(result.error());
        }
        long now = System.nanoTime();
        left.resultDone(now);
        String rest = done < total ? " · " + TimeLeft.format(left.seconds(now)) : "";
        out.printf("[%s] %d/%d  %s %s %s: %s%s%s%n", elapsed(), done, total, result.scenario(), result.model(),
                Fmt.params(result.params()), result.status(), figure, rest);
    }

    private String elapsed() {
        long s = (System.nanoTime() - started) / 1_000_000_000L;
        return String.format("%02d:%02d", s / 60, s % 60);
    }

    @Override
    public void close() {
        out.flush();
    }
}
