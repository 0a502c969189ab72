package dev.loomlab.core.trial;

import dev.loomlab.core.process.ParentGone;

import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.LiveChannel;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.scenario.ScenarioCatalog;

import dev.loomlab.core.probe.HelperThreads;
import dev.loomlab.core.stats.Metric;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The main class of a forked trial JVM: {@code TrialMain <spec.properties> <outcome.json>}. Reads the spec,
 * runs it, writes the outcome atomically, prints progress lines ({@value #PROGRESS} phase done/total)
 * for the parent. Exit 0 when it wrote an outcome, 1 when the trial itself threw.
 */
public final class TrialMain {
    /** Prefix of the progress lines on stdout. */
    public static final String PROGRESS = "#loomlab-progress ";
    /** Prefix of the live sample lines on stdout ({@link LiveSample#line()}), when the run is watched live. */
    public static final String LIVE = "#loomlab-live ";
    /** Exit code when the parent went away before the trial finished. */
    static final int PARENT_GONE = 3;
    /** How often the trial looks for its parent, in ms. */
    private static final long PARENT_POLL_MS = 500;

    private TrialMain() {
    }

    /**
     * Ends this JVM when the loomlab process that forked it is gone, so a killed run leaves no trial
     * behind. It polls with a sleep rather than blocking in a read of stdin, whose end closes with the
     * parent: the JVM's exit waits up to 300 ms for a thread blocked in native code, once per trial.
     */
    private static void watchParent() {
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        if (parent.isEmpty()) {
            return;
        }
        HelperThreads.start("loomlab-parent-watch", () -> {
            try {
                while (parent.get().isAlive()) {
                    Thread.sleep(PARENT_POLL_MS);
                }
            } catch (InterruptedException e) {
                return;
            }
            ParentGone.exit(PARENT_GONE);
        });
    }

    /** Serializes an outcome of every part's type once, so that writing the real one finds Jackson ready. */
    private static void startJson() {
        IterationResult iteration = IterationResult.of(Map.of(Metric.WALL_MS.name(), 1.0), "")
                .with(PinnedStacks.SECTION, List.of(new PinnedStack(1, 1.0, List.of("frame"))));
        try {
            Json.mapper().writeValueAsBytes(TrialOutcome.ok(JvmInfo.current(), "blocking", 1.0, 1.0, List.of(iteration)));
        } catch (IOException e) {
            // only a warm-up: the real outcome's write reports its own failure
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: TrialMain <spec.properties> <outcome.json>");
            System.exit(2);
        }
        watchParent();
        Path out = Path.of(args[1]);
        TrialSpec spec = TrialSpecFile.read(Path.of(args[0]));
        ProgressListener printed = (phase, done, total) -> System.out.println(PROGRESS + phase + " " + done + "/" + total);
        LiveSampler live = null;
        if (TrialSpecFile.live(Path.of(args[0]))) {
            LiveChannel.open(sample -> System.out.println(LIVE + sample.line()));
            live = new LiveSampler(printed, LiveChannel::send);
        }
        System.out.println("loomlab trial: " + spec.scenario() + " " + spec.model() + " " + spec.params()
                + " on Java " + System.getProperty("java.runtime.version"));
        // Warming the bookkeeping and starting Jackson (which writes the outcome: about a quarter of a
        // second) happen on a second core while this one sets the trial up; both are done before the
        // first iteration.
        Thread json = HelperThreads.start("loomlab-trial-start", () -> {
            JitQuiet.warmBookkeeping();
            startJson();
        });
        Optional<TrialSpecFile.Profiling> profiling = TrialSpecFile.profiling(Path.of(args[0]));
        profiling.ifPresent(p -> TrialProfiling.open(new TrialProfiling.Setup(p.specs(), p.base(), p.libraryDir())));
        TrialOutcome outcome;
        int exit = 0;
        try {
            outcome = new TrialExecutor(ScenarioCatalog.load(), ModelCatalog.load(), json::join)
                    .execute(spec, live != null ? live : printed);
            if (profiling.isPresent()) {
                outcome = outcome.withProfiles(TrialProfiling.finish());
            }
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            System.out.println(trace);
            outcome = TrialOutcome.failed("trial threw " + t, JvmInfo.current());
            exit = 1;
        }
        if (live != null) {
            live.close();
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Json.mapper().writeValue(tmp.toFile(), outcome);
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.out.flush();
        // Leftover non-daemon threads of a model must not keep the trial alive.
        System.exit(exit);
    }
}
