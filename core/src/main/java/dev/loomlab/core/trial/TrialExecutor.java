package dev.loomlab.core.trial;

import dev.loomlab.core.server.ServerMetrics;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.BadInputException;
import dev.loomlab.core.gc.GcLog;
import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelFailure;
import dev.loomlab.core.model.Runners;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.probe.ProbeSet;
import dev.loomlab.core.probe.SchedulerProbe;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.stats.HistogramCodec;
import dev.loomlab.core.workload.NotApplicableException;
import dev.loomlab.core.workload.Offer;
import dev.loomlab.core.workload.TaskWorkload;
import dev.loomlab.core.workload.TrialWorkload;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Workload;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Runs one trial in this JVM: builds the workload and the model's runners, binds the first form the
 * workload offers that the model runs, runs the warm-up iterations, times one task's CPU part alone when
 * the bound needs it, then runs the measured iterations with the probes around each. Only the bound
 * offer's job — the model running the tasks — lies inside the timed span; the workload's
 * {@link TaskWorkload#prepare} and {@link TaskWorkload#collect} lie outside it.
 */
public final class TrialExecutor {
    /** Serial timing runs at least this many tasks … */
    private static final int SERIAL_MIN_TASKS = 10;
    /** … and until this much time has passed, at most {@link #SERIAL_MAX_TASKS} tasks. */
    private static final long SERIAL_MIN_NANOS = 300_000_000L;
    private static final int SERIAL_MAX_TASKS = 20;
    /**
     * Once {@link #SERIAL_LONG_TASKS} tasks were timed and {@link #SERIAL_LONG_NANOS} have passed, timing stops: a 2 s
     * call would otherwise cost 22 s before and again after the iterations, and this machine's noise of a few
     * milliseconds is a small share of a call that long.
     */
    private static final long SERIAL_LONG_NANOS = 2_000_000_000L;
    private static final int SERIAL_LONG_TASKS = 3;

    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;
    private final Settle settle;

    /** An executor that warms loomlab's per-iteration bookkeeping itself, on this thread, before the first iteration. */
    public TrialExecutor(ScenarioCatalog scenarios, ModelCatalog models) {
        this(scenarios, models, JitQuiet::warmBookkeeping);
    }

    /**
     * @param settle the trial's start-up work, waited for after the workload and the model are set up and
     *               before the first iteration: at least the warm-up of the per-iteration bookkeeping, so
     *               that the JIT has compiled it; a trial JVM runs that on a helper thread beside the
     *               set-up, never beside an iteration
     */
    public TrialExecutor(ScenarioCatalog scenarios, ModelCatalog models, Settle settle) {
        this.scenarios = scenarios;
        this.models = models;
        this.settle = settle;
    }

    /** Start-up work of the trial to wait for before the first iteration. */
    @FunctionalInterface
    public interface Settle {
        void await() throws InterruptedException;
    }

    public TrialOutcome execute(TrialSpec spec, ProgressListener progress) throws InterruptedException {
        Scenario scenario = scenarios.get(spec.scenario());
        ParamValues params = ParamValues.parse(scenario.name(), scenario.description().params(), spec.params());
        JvmInfo jvm = JvmInfo.current();
        Model model;
        try {
            model = models.create(spec.model());
        } catch (BadInputException e) {
            // Known to the launcher's JDK 25 but not loadable here (a newer or preview-only module).
            return TrialOutcome.notApplicable("model " + spec.model() + " is not available on Java "
                    + System.getProperty("java.version") + " (" + e.getMessage() + ")", jvm);
        }
        Runners runners = models.runners(model);
        Workload workload;
        try {
            workload = scenario.workload(params);
        } catch (NotApplicableException e) {
            return TrialOutcome.notApplicable(e.getMessage(), jvm);
        }
        // The one place that tells the two shapes of workload apart.
        return switch (workload) {
            case TaskWorkload tasks -> {
                tasks.objective(spec.slo());
                yield runTasks(spec, progress, scenario.description(), params, runners, tasks);
            }
            case TrialWorkload<?> own -> {
                settle.await();
                yield runOwnTrial(spec, progress, scenario.name(), runners, own);
            }
        };
    }

    /** A workload that runs its own trial, on its form's runner. */
    private static <R> TrialOutcome runOwnTrial(TrialSpec spec, ProgressListener progress, String scenario, Runners runners,
                                                TrialWorkload<R> own) throws InterruptedException {
        JvmInfo jvm = JvmInfo.current();
        Optional<R> runner = runners.get(own.form());
        if (runner.isEmpty()) {
            return TrialOutcome.notApplicable(notApplicable(scenario, List.of(own.form()), runners), jvm);
        }
        try {
            TrialOutcome o = own.runTrial(spec, runner.get(), progress);
            // As for every trial: a figure this system cannot give (NaN) is null, "unavailable".
            List<IterationResult> iterations = o.iterations().stream()
                    .map(it -> it.withMetrics(nullForNaN(it.metrics())))
                    .toList();
            return new TrialOutcome(o.status(), o.error(), o.jvm(), own.form().name(), o.boundMs(), o.serialTaskMs(),
                    iterations, o.sections(), o.gcCollector(), o.profiles());
        } catch (NotApplicableException e) {
            return TrialOutcome.notApplicable(e.getMessage(), jvm);
        }
    }

    private static String notApplicable(String scenario, List<Form<?>> offered, Runners runners) {
        String runs = runners.forms().isEmpty() ? "nothing here"
                : runners.forms().stream().map(Form::name).collect(Collectors.joining(", "));
        return "scenario " + scenario + " runs as " + offered.stream().map(Form::name).collect(Collectors.joining(" or "))
                + "; model " + runners.model().name() + " runs " + runs;
    }

    /** A workload of tasks, bound to the first form it offers that the model runs. */
    private TrialOutcome runTasks(TrialSpec spec, ProgressListener progress, ScenarioDescription scenario,
                                         ParamValues params, Runners runners, TaskWorkload workload)
            throws InterruptedException {
        JvmInfo jvm = JvmInfo.current();
        Offer.Bound bound = null;
        for (Offer<?> offer : workload.offers()) {
            Optional<Offer.Bound> b = offer.bind(runners);
            if (b.isPresent()) {
                bound = b.get();
                break;
            }
        }
        if (bound == null) {
            return TrialOutcome.notApplicable(notApplicable(scenario.name(),
                    workload.offers().stream().<Form<?>>map(Offer::form).toList(), runners), jvm);
        }
        try {
            workload.open(runners.model());
            bound.open();
            settle.await();
        } catch (InterruptedException e) {
            workload.close();
            throw e;
        } catch (Exception e) {
            workload.close();
            return TrialOutcome.failed(e.getMessage() == null ? e.toString() : e.getMessage(), jvm);
        }
        boolean virtual = runners.model().threads() == ServingThread.VIRTUAL && !scenario.has(Trait.SERVES_ELSEWHERE);
        if (virtual) {
            SchedulerProbe.absence().ifPresent(System.err::println);
        }
        try (ProbeSet probes = ProbeSet.of(scenario.has(Trait.RECORDS_PINNING), spec.sampleThreads(), virtual)) {
            return run(spec, progress, scenario, params, runners.model(), workload, bound, probes);
        } catch (ModelFailure e) {
            return TrialOutcome.failed(e.getMessage(), jvm);
        } finally {
            workload.close();
        }
    }

    /** Warm-up, serial timing, measured iterations, serial timing again, bound. */
    private static TrialOutcome run(TrialSpec spec, ProgressListener progress, ScenarioDescription scenario,
                                    ParamValues params, Model model, TaskWorkload workload, Offer.Bound job,
                                    ProbeSet probes) throws InterruptedException {
        JvmInfo jvm = JvmInfo.current();
        TaskClock clock = new TaskClock(workload.tasks());
        for (int i = 1; i <= spec.warmup(); i++) {
            String error = iterate(workload, job, clock, probes, new LinkedHashMap<>(), progress, false, false).error();
            if (error != null) {
                return TrialOutcome.invalid("warm-up " + i + ": " + error, jvm, job.form(), null, List.of());
            }
            progress.progress("warmup", i, spec.warmup());
        }
        Optional<BlockingTask> cpuPart = scenario.has(Trait.SERIAL_TIMING) ? workload.cpuPart() : Optional.empty();
        SerialTiming serial = SerialTiming.NONE;
        if (cpuPart.isPresent()) {
            serial = serialTask(workload, cpuPart.get());
            progress.progress("calibrate", 1, 1);
        }
        double serialMs = serial.wallMs();
        List<IterationResult> measured = new ArrayList<>();
        List<CallCpu.Reading> underLoad = new ArrayList<>();
        for (int i = 1; i <= spec.iterations(); i++) {
            Map<String, Double> metrics = new LinkedHashMap<>();
            Iteration run = iterate(workload, job, clock, probes, metrics, progress, true, cpuPart.isPresent());
            underLoad.add(run.cpu());
            if (run.error() != null) {
                return TrialOutcome.invalid("iteration " + i + ": " + run.error(), jvm, job.form(), orNull(serialMs), measured);
            }
            Histogram latencies = workload.latencies(clock).orElseGet(() -> latencies(clock));
            progress.iterationLatencies(latencies);
            measured.add(IterationResult.of(nullForNaN(metrics), HistogramCodec.encode(latencies)).withSpan(run.span())
                    .with(PinnedStacks.SECTION, probes.pinnedStacks()).withSections(workload.sections()));
            progress.progress("measure", i, spec.iterations());
        }
        if (cpuPart.isPresent()) {
            // Timed again after the measured iterations and the faster kept: a machine that was slow
            // during one timing would otherwise lift the bound above what the iterations achieved.
            serial = serial.faster(serialTask(workload, cpuPart.get()));
            serialMs = serial.wallMs();
            serial = serial.underLoad(underLoad.isEmpty() ? null : CallCpu.Reading.mean(underLoad));
        }
        double boundMs = scenario.bound().ms(params, model, serial.context(Runtime.getRuntime().availableProcessors()));
        if (scenario.has(Trait.SCHEDULING_OVERHEAD)) {
            measured = withOverhead(measured, boundMs);
        }
        TrialOutcome outcome = TrialOutcome.ok(jvm, job.form(), orNull(boundMs), orNull(serialMs), measured);
        Optional<Path> modelGcLog = workload.modelGcLog();
        return modelGcLog.isPresent() ? GcLog.ofModel(outcome, modelGcLog.get()) : outcome;
    }

    /** The iterations with {@code scheduling_overhead_pct} = (wall − bound) / wall × 100 set from {@code boundMs}. */
    private static List<IterationResult> withOverhead(List<IterationResult> iterations, double boundMs) {
        if (Double.isNaN(boundMs)) {
            return iterations;
        }
        List<IterationResult> out = new ArrayList<>();
        for (IterationResult it : iterations) {
            Map<String, Double> metrics = new LinkedHashMap<>(it.metrics());
            double wall = metrics.get(Metric.WALL_MS.name());
            metrics.put(Metric.SCHEDULING_OVERHEAD_PCT.name(), 100.0 * (wall - boundMs) / wall);
            out.add(it.withMetrics(metrics));
        }
        return out;
    }

    /** One iteration's timed span, and the validation error (null when the workload's output is right). */
    private record Iteration(MeasuredSpan span, String error, CallCpu.Reading cpu) {
    }

    /**
     * One iteration, its metrics put into {@code metrics}; a {@code measured} one with the trial's profilers
     * ({@link TrialProfiling}) running just around its timed span.
     */
    private static Iteration iterate(TaskWorkload workload, Offer.Bound job, TaskClock clock, ProbeSet probes,
                                     Map<String, Double> metrics, ProgressListener progress, boolean measured,
                                     boolean callCpu) throws InterruptedException {
        workload.prepare();
        clock.reset();
        progress.iterationStarts(clock::completedCount, clock::failures);
        // No System.gc() here: G1 shrinks the heap after a full collection, and the smaller young
        // generation then collects inside the next iterations (measured: 4-9 ms of a 110 ms iteration).
        JitQuiet.awaitIdleCompiler();
        // The profilers start and stop outside the probes' readings and the timed span: their own cost is
        // not the model's.
        if (measured) {
            TrialProfiling.resume();
        }
        long start;
        long end;
        // the threads listed before the probes start (it takes a while), their clocks read just around the timed span
        CallCpu cpu = callCpu ? CallCpu.start() : null;
        CallCpu.Reading cost = CallCpu.Reading.NONE;
        try {
            probes.beforeIteration();
            if (cpu != null) {
                cpu.restart();
            }
            start = System.nanoTime();
            job.run(clock);
            end = System.nanoTime();
            if (cpu != null) {
                cost = cpu.stop(clock.tasks());
            }
        } catch (InterruptedException | RuntimeException | Error e) {
            if (measured) {
                TrialProfiling.pause();
            }
            throw e;
        }
        long wall = end - start;
        MeasuredSpan span = new MeasuredSpan(start, end);
        probes.afterIteration(wall, metrics);
        if (measured) {
            TrialProfiling.pause().forEach(metrics::putIfAbsent);
        }
        metrics.put(Metric.WALL_MS.name(), wall / 1e6);
        metrics.put(Metric.THROUGHPUT_PER_S.name(), clock.tasks() / (wall / 1e9));
        Map<String, Double> own = workload.collect(clock);
        metrics.putAll(own);
        workload.perSecond().forEach((count, rate) -> {
            Double value = own.get(count.name());
            if (value != null) {
                metrics.put(rate.name(), value / (wall / 1e9));
            }
        });
        serverCpuShare(metrics, wall);
        try {
            workload.validate(clock);
        } catch (ValidationException e) {
            return new Iteration(span, e.getMessage(), cost);
        }
        Double allocatedMb = metrics.get(Metric.ALLOCATED_MB.name());
        if (allocatedMb != null && !allocatedMb.isNaN()) {
            metrics.put(Metric.ALLOCATED_BYTES_PER_TASK.name(), allocatedMb * 1024 * 1024 / clock.tasks());
            metrics.put(Metric.ALLOCATION_RATE_MB_PER_S.name(), allocatedMb / (wall / 1e9));
        }
        return new Iteration(span, null, cost);
    }

    /**
     * {@code server_cpu_pct} from a server's {@code server_cpu_ms} when the workload reports only the time:
     * the server's CPU over the iteration's wall time on this machine's cores, as {@code cpu_util_pct} is
     * for the trial JVM. The server counts from its reset (just before the timed span) to the stats request
     * just after it, so the share is a little high, never low.
     */
    private static void serverCpuShare(Map<String, Double> metrics, long wallNanos) {
        Double cpuMs = metrics.get(ServerMetrics.SERVER_CPU_MS.name());
        if (cpuMs != null && !metrics.containsKey(ServerMetrics.SERVER_CPU_PCT.name()) && wallNanos > 0) {
            metrics.put(ServerMetrics.SERVER_CPU_PCT.name(), 100.0 * cpuMs / (wallNanos / 1e6) / Runtime.getRuntime().availableProcessors());
        }
    }

    /**
     * One task alone on one thread: its fastest wall time and its CPU time in that same run, ms; and what a call costs
     * the whole JVM ({@link CallCpu}).
     */
    record SerialTiming(double wallMs, double cpuMs, CallCpu.Reading calls) {
        static final SerialTiming NONE = new SerialTiming(Double.NaN, Double.NaN, CallCpu.Reading.NONE);

        /** The faster run's times, and the lower of the two readings of what a call costs. */
        SerialTiming faster(SerialTiming other) {
            SerialTiming faster = other.wallMs < wallMs ? other : this;
            return new SerialTiming(faster.wallMs, faster.cpuMs, calls.lower(other.calls));
        }

        /**
         * With what the calls cost under load, {@code loaded} (the measured iterations' mean, which the mean wall time
         * bounds): a call's CPU is the lower of the two, and the busiest single thread's is only ever read under load — one call alone wakes it for each call,
         * which under load serves many per wake-up.
         */
        SerialTiming underLoad(CallCpu.Reading loaded) {
            if (loaded == null) {
                return this;
            }
            // under load the process's clock, whose 10 ms ticks are small beside an iteration's CPU, counts the collectors too
            double call = CallCpu.Reading.min(calls.processMs(), loaded.wholeMs());
            return new SerialTiming(wallMs, cpuMs, new CallCpu.Reading(call, Double.NaN, loaded.dispatcherMs(), loaded.dispatcher()));
        }

        BoundContext context(int cores) {
            return new BoundContext(cores, wallMs, cpuMs, calls.processMs(), calls.dispatcherMs());
        }
    }

    /**
     * The fastest time of one task's CPU part on this thread, after one discarded run for the JIT: noise
     * (another process, a JIT compile) only ever adds time, so the minimum is the work's own cost. The CPU
     * time is that of the fastest run, from this thread's CPU clock (NaN where the JVM has none); what the calls cost
     * the whole JVM is read over all of them ({@link CallCpu}).
     */
    private static SerialTiming serialTask(TaskWorkload workload, BlockingTask cpuPart) {
        workload.prepare();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuClock = threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        try {
            cpuPart.run(0);
            long bestWall = Long.MAX_VALUE;
            long bestCpu = -1;
            int n = 0;
            long started = System.nanoTime();
            CallCpu calls = CallCpu.start();
            while (n < SERIAL_MAX_TASKS && (n < SERIAL_MIN_TASKS || System.nanoTime() - started < SERIAL_MIN_NANOS)
                    && !(n >= SERIAL_LONG_TASKS && System.nanoTime() - started >= SERIAL_LONG_NANOS)) {
                long c0 = cpuClock ? threads.getCurrentThreadCpuTime() : 0;
                long t0 = System.nanoTime();
                cpuPart.run(n % workload.tasks());
                long wall = System.nanoTime() - t0;
                long cpu = cpuClock ? threads.getCurrentThreadCpuTime() - c0 : -1;
                n++;
                if (wall < bestWall) {
                    bestWall = wall;
                    bestCpu = cpu;
                }
            }
            CallCpu.Reading cost = calls.stop(n);
            System.out.printf(java.util.Locale.ROOT, "calibrate: one call alone %.3f ms, CPU %.3f ms on its thread, %.3f ms on"
                    + " every thread%n", bestWall / 1e6, bestCpu / 1e6, cost.processMs());
            return new SerialTiming(bestWall / 1e6, bestCpu < 0 ? Double.NaN : bestCpu / 1e6, cost);
        } catch (Exception e) {
            throw new IllegalStateException("serial timing of the CPU part failed", e);
        }
    }

    static Histogram latencies(TaskClock clock) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < clock.tasks(); i++) {
            long ns = clock.latencyNanos(i);
            if (ns >= 0) {
                h.recordValue(ns);
            }
        }
        return h;
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static Map<String, Double> nullForNaN(Map<String, Double> metrics) {
        Map<String, Double> out = new LinkedHashMap<>();
        metrics.forEach((k, v) -> out.put(k, v == null || v.isNaN() || v.isInfinite() ? null : v));
        return out;
    }
}
