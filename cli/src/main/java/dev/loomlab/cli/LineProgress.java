package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.report.Answer;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.ParamDefaults;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One line when a result is done, with the elapsed time and the estimated time left, and one for a trial still
 * running {@value #QUIET_SECONDS} s after it started (so a slow one is named): for logs and CI. Parameters are
 * those that differ from the scenario's defaults; no line is wider than {@link Answer#WIDTH}.
 */
final class LineProgress implements Progress {
    /** How long a trial runs before a line names it. */
    static final int QUIET_SECONDS = 10;

    private final PrintStream out;
    private final long started = System.nanoTime();
    private final TimeLeft left;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "loomlab-progress");
        t.setDaemon(true);
        return t;
    });
    /** The planned scenarios' defaults: a line names only the parameters that differ. */
    private final ParamDefaults defaults;
    private ScheduledFuture<?> running;

    LineProgress(PrintStream out, TimeLeft left, ParamDefaults defaults) {
        this.out = out;
        this.defaults = defaults;
        this.left = left;
    }

    @Override
    public synchronized ProgressListener trialStarted(PlannedResult planned, int fork) {
        String since = elapsed();
        String label = planned.scenario().name() + " " + planned.model() + " "
                + defaults.text(planned.scenario().name(), planned.params().json())
                + (planned.jdk() == null ? "" : " [java " + planned.jdk().feature() + "]")
                + (planned.forks() > 1 ? " fork " + fork : "");
        cancelRunning();
        running = timer.schedule(() -> print("[" + elapsed() + "] running  " + label + " (since " + since + ")"),
                QUIET_SECONDS, TimeUnit.SECONDS);
        return ProgressListener.NONE;
    }

    @Override
    public synchronized void resultDone(Result result, int done, int total) {
        cancelRunning();
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
        String params = defaults.text(result.scenario(), result.params());
        print(String.format("[%s] %d/%d  %s %s%s: %s%s%s", elapsed(), done, total, result.scenario(), result.model(),
                params.isEmpty() ? "" : " " + params, result.status(), figure, rest));
    }

    private void cancelRunning() {
        if (running != null) {
            running.cancel(false);
            running = null;
        }
    }

    private synchronized void print(String line) {
        out.println(Answer.cut(line));
    }

    private String elapsed() {
        long s = (System.nanoTime() - started) / 1_000_000_000L;
        return String.format("%02d:%02d", s / 60, s % 60);
    }

    @Override
    public synchronized void close() {
        cancelRunning();
        timer.shutdownNow();
        out.flush();
    }
}
