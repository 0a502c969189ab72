package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.cli.doctor.Doctor;
import dev.loomlab.cli.doctor.Examination;
import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.result.Result;
import dev.loomlab.prof.ResultProfile;
import dev.loomlab.core.result.ResultAssembler;
import dev.loomlab.core.result.ResultKey;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.slo.Slo;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.core.trial.Jdk;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.trial.TrialExecutor;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.trial.TrialRunner;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.report.Answer;
import dev.loomlab.report.ConsoleReport;
import dev.loomlab.report.ParamDefaults;
import dev.loomlab.report.folder.ResultsFolder;
import io.micrometer.core.instrument.MeterRegistry;

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
 * Runs a plan: forks each trial (in {@link TrialTurns turns} across results that have repeats), pools a result's forks
 * into it, appends it to results.jsonl as soon as its last fork ends, and
 * renders the table, CSV and Markdown at the end — or, stopped by Ctrl-C / SIGTERM or a folder it can no
 * longer write, with what finished, and says how to continue with {@code --resume}.
 */
final class RunSession {
    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;
    private final TrialRunner runner;
    private final boolean sampleThreads;
    private final MeterRegistry metrics;
    private final SloPolicy slo;
    private final Object renderLock = new Object();
    private boolean rendered;
    /** summary.json's {@code machine}, read once as the run starts. */
    private Map<String, Object> machine = Map.of();
    private volatile boolean shuttingDown;
    /** Print the answer alone, not the tables before it: for a suite's run. */
    private boolean answerOnly;
    private Interruption interruption;

    /** @param sampleThreads true to sample thread counts during each iteration (a sampler thread beside the model) */
    RunSession(ScenarioCatalog scenarios, ModelCatalog models, TrialRunner runner, boolean sampleThreads) {
        this(scenarios, models, runner, sampleThreads, null);
    }

    /** @param metrics where the run's meters go ({@link RunMetrics}), or null when nobody watches it live */
    RunSession(ScenarioCatalog scenarios, ModelCatalog models, TrialRunner runner, boolean sampleThreads, MeterRegistry metrics) {
        this(scenarios, models, runner, sampleThreads, metrics, SloPolicy.DEFAULT);
    }

    /** @param slo the objective each result is judged against as it is assembled ({@code --slo}) */
    RunSession(ScenarioCatalog scenarios, ModelCatalog models, TrialRunner runner, boolean sampleThreads, MeterRegistry metrics,
               SloPolicy slo) {
        this.scenarios = scenarios;
        this.models = models;
        this.runner = runner;
        this.sampleThreads = sampleThreads;
        this.metrics = metrics;
        this.slo = slo;
    }

    /**
     * What the console shows at the end. Always the answer ({@link Answer}: one line per scenario, report.html last);
     * before it, for a run of named scenarios, every table as {@code loomlab report} prints them — a suite's run
     * (the bare {@code loomlab}) leaves its tables to report.md and {@code loomlab report DIR}, so that its
     * overview fits a screen.
     *
     * @param answerOnly true for the answer alone
     */
    RunSession answerOnly(boolean answerOnly) {
        this.answerOnly = answerOnly;
        return this;
    }

    /**
     * Runs every planned result into a results folder, which it holds alone ({@link FolderLock}) while it runs.
     *
     * @param resume     continue the run that made {@code --out}: keep its finished results, run the rest
     * @param command    the command line as typed (for summary.json and the {@code --resume} hint), first word {@code loomlab}
     * @return the folder's results, in plan order (those a resumed run kept first)
     * @throws RunStopped when a signal or a write failure stopped the run; what finished is kept and rendered
     */
    List<Result> run(List<PlannedResult> plan, Duration timeout, String outOption, boolean resume, List<String> command,
                     PrintStream out) throws IOException, InterruptedException {
        ResultsFolder folder = new ResultsFolder(resume ? resumeFolder(outOption) : prepareFolder(outOption));
        try (FolderLock lock = FolderLock.take(folder.dir(), System.err)) {
            Resumption todo = resume ? Resumption.of(folder, plan, System.err) : Resumption.none(plan);
            if (resume) {
                out.println("loomlab: resuming " + folder.dir() + ": " + (plan.size() - todo.toRun().size()) + " of "
                        + plan.size() + " planned results finished, " + todo.toRun().size() + " to run");
            }
            PlanFile.write(folder.dir(), plan);
            return run(plan.size(), todo, timeout, folder, lock, command, out);
        }
    }

    private List<Result> run(int planned, Resumption todo, Duration timeout, ResultsFolder folder, FolderLock lock,
                             List<String> command, PrintStream out) throws IOException, InterruptedException {
        List<PlannedResult> toRun = todo.toRun();
        List<Jdk> jdks = new ArrayList<>(new LinkedHashSet<>(toRun.stream().map(PlannedResult::jdk).toList()));
        // The run goes on whatever the machine: the user may know better, and a trial that fails is recorded failed.
        Examination checkup = Doctor.examineHere(toRun, runner.profilers());
        checkup.failureLines().forEach(line -> System.err.println("loomlab: " + line));
        machine = checkup.summary();
        Instant started = Instant.now();
        folder.writeSummary(Environment.describe(jdks, command, started, null, machine));
        List<Result> results = Collections.synchronizedList(new ArrayList<>(todo.kept()));
        // Signals the JVM keeps for itself (SIGHUP, or SIGINT under -Xrs) end in its shutdown hooks: keep what finished there.
        Thread onExit = new Thread(() -> {
            shuttingDown = true;
            Interruption.killChildren();
            try {
                renderOnce(folder, results, jdks, command, started, true);
            } catch (IOException cannotHappen) {
                // a quiet rendering keeps its failures to itself
            }
            lock.close();
        }, "loomlab-run-exit");
        Runtime.getRuntime().addShutdownHook(onExit);
        IOException writeFailure = null;
        interruption = Interruption.install(System.err);
        try {
            Progress console = Progress.forConsole(toRun);
            try (Progress progress = metrics == null ? console : new RunMetrics(metrics, console, toRun)) {
                int done = 0;
                List<Trials> trials = new ArrayList<>();
                toRun.forEach(p -> trials.add(new Trials()));
                for (TrialTurns.Turn turn : TrialTurns.of(toRun)) {
                    if (stopping()) {
                        // Ctrl-C: no new trial JVM starts; the results in progress are not recorded.
                        break;
                    }
                    PlannedResult p = toRun.get(turn.result());
                    runTrial(p, turn.fork(), timeout, folder, progress, trials.get(turn.result()));
                    if (!turn.last()) {
                        continue;
                    }
                    Result r = assemble(p, trials.get(turn.result()));
                    synchronized (results) {
                        // A trial that died from here on is our stop, not a result: nothing more is appended.
                        if (stopping()) {
                            break;
                        }
                        try {
                            long line = folder.appendLine(r);
                            results.add(r);
                            folder.writeHistograms(line, r);
                        } catch (IOException e) {
                            writeFailure = e;
                            break;
                        }
                    }
                    progress.resultDone(r, ++done, toRun.size());
                }
            } finally {
                interruption.cleaningUp();
                try {
                    Runtime.getRuntime().removeShutdownHook(onExit);
                } catch (IllegalStateException alreadyShuttingDown) {
                    // the hook is running; it renders what was finished
                }
            }
            boolean stopped = interruption.requested() || writeFailure != null;
            if (!renderOnce(folder, results, jdks, command, started, stopped)) {
                return results;
            }
            List<Result> current = ResultKey.current(List.copyOf(results));
            if (!answerOnly) {
                out.println();
                out.print(ConsoleReport.render(current));
            }
            out.print(Answer.render(current, ParamDefaults.of(scenarios.all().stream().map(Scenario::description).toList()),
                    folder.dir(), folder.dir().resolve(ResultsFolder.HTML)));
            if (interruption.requested()) {
                throw new RunStopped(interruption.exitCode(), "stopped by " + interruption.signalName() + ": "
                        + finished(current, planned) + ", kept in " + folder.dir() + "; continue with: "
                        + ResumeHint.of(command, folder.dir()));
            }
            if (writeFailure != null) {
                throw new RunStopped(1, "cannot write to " + folder.dir() + " (" + WriteFailure.reason(writeFailure) + "): "
                        + finished(current, planned) + " in " + ResultsFolder.RESULTS + "; make room and continue with: "
                        + ResumeHint.of(command, folder.dir()));
            }
            return current;
        } finally {
            interruption.close();
        }
    }

    private boolean stopping() {
        return shuttingDown || interruption.requested();
    }

    private static String finished(List<Result> results, int planned) {
        return results.size() + " of " + planned + " planned results recorded";
    }

    /**
     * Writes summary.json and the reports once, whether the main thread or the shutdown hook gets there
     * first (both render into the same temporary files).
     *
     * @param quietly true when a failure to write must not stop the rest (a stopping run keeps results.jsonl)
     * @return false when the shutdown hook rendered already: the JVM is going down
     */
    private boolean renderOnce(ResultsFolder folder, List<Result> results, List<Jdk> jdks, List<String> command,
                               Instant started, boolean quietly) throws IOException {
        synchronized (renderLock) {
            if (rendered) {
                return false;
            }
            rendered = true;
            try {
                Map<String, Object> env = Environment.describe(jdks, command, started, Instant.now(), machine);
                folder.writeSummary(env);
                synchronized (results) {
                    folder.render(ResultKey.current(results), env);
                }
                if (shuttingDown) {
                    System.err.println("\nloomlab: interrupted; " + results.size() + " finished results are in " + folder.dir());
                }
            } catch (IOException | RuntimeException e) {
                if (!quietly) {
                    throw e;
                }
                // results.jsonl already holds every finished result; the reports can be made with 'loomlab report'
            }
            return true;
        }
    }

    /** What a result's trials gave so far: their outcomes, logs and profiles. */
    private record Trials(List<TrialOutcome> outcomes, List<String> logs, List<ResultProfile> profiles) {
        Trials() {
            this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
    }

    /** Runs fork {@code fork} of {@code p} (0: in-process), adding what it gave to {@code into}. */
    private void runTrial(PlannedResult p, int fork, Duration timeout, ResultsFolder folder, Progress progress, Trials into)
            throws InterruptedException {
        TrialSpec spec = new TrialSpec(p.scenario().name(), p.model().name(), p.params().canonical(), p.warmup(),
                p.iterations(), fork, p.forks(), sampleThreads, slo.forScenario(p.scenario()).map(Slo::spec).orElse(null));
        ProgressListener listener = progress.trialStarted(p, fork);
        if (p.forks() == 0) {
            into.outcomes().add(inProcess(spec, listener));
            return;
        }
        String logName = logName(folder, p, fork);
        into.logs().add(logName);
        try {
            Path log = folder.dir().resolve(logName);
            TrialOutcome outcome = runner.run(spec, p.jdk(), p.jvmArgs(), p.scenario().trialCpus(p.params()).orElse(null),
                    timeout, log, listener);
            into.outcomes().add(outcome);
            into.profiles().addAll(ProfileReading.read(folder.dir(), log.getParent(), fork, outcome.profiles(),
                    p.scenario().name() + " " + p.model().name() + " " + String.join(" ", p.params().canonical().entrySet()
                            .stream().map(e -> e.getKey() + "=" + e.getValue()).toList())));
        } catch (IOException e) {
            into.outcomes().add(TrialOutcome.failed("crash: could not run the trial JVM: " + e,
                    new JvmInfo(p.jdk().version(), p.jdk().vendor(), p.jdk().home().toString(), p.jvmArgs())));
        }
    }

    /** {@code p}'s result from its trials, judged against its objective. */
    private Result assemble(PlannedResult p, Trials trials) {
        Result assembled = ResultAssembler.assemble(p.scenario(), p.model().name(), p.model(), p.params(), p.forks(),
                p.warmup(), p.iterations(), trials.outcomes(), trials.logs(), Runtime.getRuntime().availableProcessors());
        return slo.judge(p.scenario(), trials.profiles().isEmpty() ? assembled
                : assembled.toBuilder().section(ResultProfile.SECTION, trials.profiles()).build());
    }

    private TrialOutcome inProcess(TrialSpec spec, ProgressListener listener) throws InterruptedException {
        try {
            return new TrialExecutor(scenarios, models).execute(spec, listener);
        } catch (RuntimeException | Error e) {
            return TrialOutcome.failed("trial threw " + e, JvmInfo.current());
        }
    }

    /** The longest part of a log's name that the result's scenario, model and parameters may take, in characters. */
    private static final int LOG_NAME_WHAT = 150;

    /**
     * {@code logs/<scenario>-<model>-<params>-java<N>-fork<F>.log}. Parameters as long as a class path are cut and
     * a hash of the whole put in their place: a file name has at most 255 bytes, and the trial's GC log
     * ({@code .gc.log}) must fit too.
     */
    private static String logName(ResultsFolder folder, PlannedResult p, int fork) {
        String what = (p.scenario().name() + "-" + p.model() + "-" + p.params()).replaceAll("[^A-Za-z0-9._=-]+", "_");
        if (what.length() > LOG_NAME_WHAT) {
            what = what.substring(0, LOG_NAME_WHAT - 9) + "~" + String.format("%08x", what.hashCode());
        }
        String base = what + "-java" + p.jdk().feature() + "-fork" + fork;
        String name = ResultsFolder.LOGS + "/" + base + ".log";
        for (int i = 2; Files.exists(folder.dir().resolve(name)); i++) {
            name = ResultsFolder.LOGS + "/" + base + "-" + i + ".log";
        }
        return name;
    }

    /** The folder of the run a {@code --resume} continues: {@code --out}, which must exist and be writable. */
    static Path resumeFolder(String outOption) {
        if (outOption == null) {
            throw new BadInputException("--resume needs --out DIR, the folder of the run to continue");
        }
        Path dir = Path.of(outOption);
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("--resume: " + dir + " is not a folder; nothing to continue");
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("cannot write to --out " + dir + " (not writable)");
        }
        try {
            Files.createDirectories(dir.resolve(ResultsFolder.LOGS));
        } catch (IOException e) {
            throw new BadInputException("cannot write to --out " + dir + " (" + e.getMessage() + ")");
        }
        return dir;
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
            throw new BadInputException("--out " + dir + " already holds results; give a new or empty folder, or --resume to continue its run");
        }
        try {
            Files.createDirectories(dir.resolve(ResultsFolder.LOGS));
        } catch (IOException | SecurityException e) {
            throw new BadInputException("cannot write to --out " + dir + " ("
                    + (e instanceof IOException io ? WriteFailure.reason(io) : "not allowed: " + e.getMessage()) + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("cannot write to --out " + dir + " (not writable)");
        }
        return dir;
    }
}
