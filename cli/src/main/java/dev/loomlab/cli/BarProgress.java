package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.core.result.Result;
import dev.loomlab.core.outcome.ProgressListener;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar over all iterations of the run, its extra message naming the current trial and the
 * estimated time left (the bar's own ETA assumes every iteration takes as long, which they do not).
 */
final class BarProgress implements Progress {
    private final ProgressBar bar;
    private final TimeLeft left;
    private volatile String current = "";

    BarProgress(int totalIterations, TimeLeft left) {
        this.left = left;
        this.bar = new ProgressBarBuilder()
                .setTaskName("loomlab")
                .setInitialMax(totalIterations)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(200)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .setUnit(" it", 1)
                .setMaxRenderedLength(120)
                .build();
    }

    @Override
    public ProgressListener trialStarted(PlannedResult planned, int fork) {
        // Short, so that the bar keeps its width on an 80-column terminal.
        current = " " + planned.scenario().name() + " " + planned.model() + (planned.forks() > 1 ? " #" + fork : "");
        showCurrent();
        return (phase, done, total) -> {
            if (!phase.equals("calibrate")) {
                bar.step();
            }
            showCurrent();
        };
    }

    @Override
    public void resultDone(Result result, int done, int total) {
        left.resultDone(System.nanoTime());
        if (!result.ok()) {
            bar.setExtraMessage(" " + result.status() + ": " + result.scenario() + " " + result.model());
        }
    }

    private void showCurrent() {
        bar.setExtraMessage(current + " · " + TimeLeft.format(left.seconds(System.nanoTime())));
    }

    @Override
    public void close() {
        bar.stepTo(bar.getMax());
        bar.close();
    }
}
