package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.trial.TrialRunner;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.ResultsFolder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Runs a plan: forks each trial, pools forks into a result, appends it to results.jsonl at once, and
 * renders the table, CSV and Markdown at the end (or on Ctrl-C, with what was finished).
 */
final class RunSession {
    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;
    private final TrialRunner runner;
    private final boolean sampleThreads;
    private volatile boolean shuttingDown;

    /** @param sampleThreads true to sample thread counts during each iteration (a sampler thread beside the model) */
    RunSession(ScenarioCatalog scenarios, ModelCatalog models, TrialRunner runner, boolean sampleThreads) {
        this.scenarios = scenarios;
        this.models = models;
        this.runner = runner;
        this.sampleThreads = sampleThreads;
    }

    /**
     * Runs every planned result into a results folder, which it holds alone ({@link FolderLock}) while it runs.
     *
     * @return the results, in plan order
     */
    List<Result> run(List<PlannedResult> plan, Duration timeout, String outOption, List<String> command, PrintStream out)
            throws IOException, InterruptedException {
        ResultsFolder folder = new ResultsFolder(prepareFolder(outOption));
        try (FolderLock lock = FolderLock.take(folder.dir(), System.err)) {
            return run(plan, timeout, folder, lock, command, out);
        }
    }

    private List<Result> run(List<PlannedResult> plan, Duration timeout, ResultsFolder folder, FolderLock lock,
                             List<String> command, PrintStream out) throws IOException, InterruptedException {
        List<Jdk> jdks = new ArrayList<>(new LinkedHashSet<>(plan.stream().map(PlannedResult::jdk).toList()));
        Instant started = Instant.now();
        folder.writeSummary(Environment.describe(jdks, command, started, null));
        List<Result> results = Collections.synchronizedList(new ArrayList<>());
        Thread onInterrupt = new Thread(() -> {
            // From here on, a trial that dies is our Ctrl-C, not a result: nothing more is appended.
            shuttingDown = true;
            renderQuietly(folder, results, jdks, command, started);
            lock.close();
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);

        try (Progress progress = Progress.forConsole(plan)) {
            int done = 0;
            for (PlannedResult p : plan) {
                Result r = runOne(p, timeout, folder, progress);
                synchronized (results) {
                    if (shuttingDown) {
                        break;
                    }
                    folder.append(r);
                    results.add(r);
                }
                progress.resultDone(r, ++done, plan.size());
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook is running; it renders what was finished
            }
        }
        Map<String, Object> env = Environment.describe(jdks, command, started, Instant.now());
        folder.writeSummary(env);
        folder.render(results, env);
        out.println();
        out.print(ConsoleReport.render(results));
        out.println();
        out.println("results: " + folder.dir());
        return results;
    }

    private Result runOne(PlannedResult p, Duration timeout, ResultsFolder folder, Progress progress)
            throws IOException, InterruptedException {
        List<TrialOutcome> outcomes = new ArrayList<>();
        List<String> logs = new ArrayList<>();
        // A JMH scenario's one trial JVM hosts JMH, which forks p.forks() JVMs of its own.
        int trials = p.scenario().has(Trait.FORKS_ITSELF) && p.forks() > 0 ? 1 : p.forks();
        for (int fork = p.forks() == 0 ? 0 : 1; fork <= trials; fork++) {
            if (shuttingDown) {
                // Ctrl-C: no new trial JVM starts; the result in progress is not recorded.
                break;
            }
            TrialSpec spec = new TrialSpec(p.scenario().name(), p.model().name(), p.params().canonical(), p.warmup(),
                    p.iterations(), fork, p.forks(), sampleThreads);
            ProgressListener listener = progress.trialStarted(p, fork);
            if (p.forks() == 0) {
                outcomes.add(inProcess(spec, listener));
            } else {
                String logName = logName(folder, p, fork);
                logs.add(logName);
                try {
                    outcomes.add(runner.run(spec, p.jdk(), p.jvmArgs(), timeout, folder.dir().resolve(logName), listener));
                } catch (IOException e) {
                    outcomes.add(TrialOutcome.failed("crash: could not run the trial JVM: " + e,
                            new JvmInfo(p.jdk().version(), p.jdk().vendor(), p.jdk().home().toString(), p.jvmArgs())));
                }
            }
        }
        return ResultAssembler.assemble(p.scenario(), p.model().name(), p.model(), p.params(), p.forks(), p.warmup(), p.iterations(),
                outcomes, logs, Runtime.getRuntime().availableProcessors());
    }

    private TrialOutcome inProcess(TrialSpec spec, ProgressListener listener) throws InterruptedException {
        try {
            return new TrialExecutor(scenarios, models).execute(spec, listener);
        } catch (RuntimeException | Error e) {
            return TrialOutcome.failed("trial threw " + e, JvmInfo.current());
        }
    }

    private static String logName(ResultsFolder folder, PlannedResult p, int fork) {
        String base = (p.scenario().name() + "-" + p.model() + "-" + p.params() + "-java" + p.jdk().feature() + "-fork" + fork)
                .replaceAll("[^A-Za-z0-9._=-]+", "_");
        String name = ResultsFolder.LOGS + "/" + base + ".log";
        for (int i = 2; Files.exists(folder.dir().resolve(name)); i++) {
            name = ResultsFolder.LOGS + "/" + base + "-" + i + ".log";
        }
        return name;
    }

    /** The results folder, created and checked writable; an existing folder with results is refused. */
    static Path prepareFolder(String outOption) {
        return prepareFolder(outOption, Path.of("results"), LocalDateTime.now());
    }

    /**
     * The results folder: {@code --out}, or {@code root/<yyyyMMdd-HHmmss>} at {@code now}, with {@code -2},
     * {@code -3} … added when a run of the same second already made that folder.
     */
    static Path prepareFolder(String outOption, Path root, LocalDateTime now) {
        Path dir = outOption != null ? Path.of(outOption) : root.resolve(now.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (outOption == null) {
            String stamp = dir.getFileName().toString();
            for (int i = 2; Files.exists(dir); i++) {
                dir = dir.resolveSibling(stamp + "-" + i);
            }
        }
        if (Files.exists(dir.resolve(ResultsFolder.RESULTS))) {
            throw new BadInputException("--out " + dir + " already holds results; give a new or empty folder");
        }
        try {
            Files.createDirectories(dir.resolve(ResultsFolder.LOGS));
        } catch (IOException | SecurityException e) {
            throw new BadInputException("cannot write to --out " + dir + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("cannot write to --out " + dir + " (not writable)");
        }
        return dir;
    }

    private static void renderQuietly(ResultsFolder folder, List<Result> results, List<Jdk> jdks, List<String> command,
                                      Instant started) {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        try {
            Map<String, Object> env = Environment.describe(jdks, command, started, Instant.now());
            folder.writeSummary(env);
            synchronized (results) {
                folder.render(new ArrayList<>(results), env);
            }
            System.err.println("\nloomlab: interrupted; " + results.size() + " finished results are in " + folder.dir());
        } catch (IOException | RuntimeException e) {
            // the JVM is going down; results.jsonl already holds every finished result
        }
    }
}
