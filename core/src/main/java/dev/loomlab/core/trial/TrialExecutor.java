package dev.loomlab.core.trial;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.model.ModelFailure;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.probe.ProbeSet;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.HarnessScenario;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.workload.NotApplicableException;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.Workload;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one trial in this JVM: builds the workload and model, runs the warm-up iterations, times one
 * task's CPU part alone when the bound needs it, then runs the measured iterations with the probes
 * around each. Only {@code model.runAll} lies inside the timed span.
 */
public final class TrialExecutor {
    /** Serial timing runs at least this many tasks … */
    private static final int SERIAL_MIN_TASKS = 10;
    /** … and until this much time has passed, at most {@link #SERIAL_MAX_TASKS} tasks. */
    private static final long SERIAL_MIN_NANOS = 300_000_000L;
    private static final int SERIAL_MAX_TASKS = 50;

    private final ScenarioCatalog scenarios;
    private final ModelCatalog models;

    public TrialExecutor(ScenarioCatalog scenarios, ModelCatalog models) {
        this.scenarios = scenarios;
        this.models = models;
    }

    public TrialOutcome execute(TrialSpec spec, ProgressListener progress) throws InterruptedException {
        Scenario scenario = scenarios.get(spec.scenario());
        ParamValues params = ParamValues.parse(scenario.name(), scenario.params(), spec.params());
        JvmInfo jvm = JvmInfo.current();
        if (scenario instanceof HarnessScenario harness) {
            return runHarness(harness, spec, params, progress, jvm);
        }
        Model model;
        try {
            model = models.create(spec.model());
        } catch (BadInputException e) {
            if (ThreadKind.find(spec.model()) != null) {
                return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, "model " + spec.model() + " is a thread kind; scenario "
                        + scenario.name() + " runs tasks on an executor model (e.g. platform:200)", jvm, null, null, List.of());
            }
            // Known to the launcher's JDK 25 but not loadable here (a newer or preview-only module).
            return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, "model " + spec.model() + " is not available on Java "
                    + System.getProperty("java.version") + " (" + e.getMessage() + ")", jvm, null, null, List.of());
        }
        Workload workload;
        try {
            workload = scenario.workload(params);
        } catch (NotApplicableException e) {
            return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, e.getMessage(), jvm, null, null, List.of());
        }
        if (!workload.supports(model)) {
            return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, "scenario " + scenario.name() + " cannot run on model "
                    + model.name(), jvm, null, null, List.of());
        }
        JitQuiet.warmBookkeeping();
        try {
            workload.open(model);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            workload.close();
            return TrialOutcome.failed(e.getMessage() == null ? e.toString() : e.getMessage(), jvm);
        }
        try (ProbeSet probes = scenario.recordsPinning() ? ProbeSet.withPinning() : ProbeSet.standard()) {
            return run(spec, progress, scenario, params, model, workload, probes);
        } catch (ModelFailure e) {
            return TrialOutcome.failed(e.getMessage(), jvm);
        } finally {
            workload.close();
        }
    }

    /** A scenario that runs its own trial, on the thread kind the model names. */
    private static TrialOutcome runHarness(HarnessScenario harness, TrialSpec spec, ParamValues params,
                                           ProgressListener progress, JvmInfo jvm) throws InterruptedException {
        ThreadKind kind = ThreadKind.find(spec.model());
        if (kind == null) {
            return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, "scenario " + harness.name() + " compares thread kinds ("
                    + ThreadKind.names() + "), not executor model " + spec.model(), jvm, null, null, List.of());
        }
        try {
            TrialOutcome o = harness.runTrial(spec, params, kind, progress);
            // As for every trial: a figure this system cannot give (NaN) is null, "unavailable".
            List<IterationResult> iterations = o.iterations().stream()
                    .map(it -> new IterationResult(nullForNaN(it.metrics()), it.latencyHistogram(), it.pinnedStacks()))
                    .toList();
            return new TrialOutcome(o.status(), o.error(), o.jvm(), o.boundMs(), o.serialTaskMs(), iterations, o.jmh());
        } catch (NotApplicableException e) {
            return new TrialOutcome(TrialOutcome.NOT_APPLICABLE, e.getMessage(), jvm, null, null, List.of());
        }
    }

    /** Warm-up, serial timing, measured iterations, serial timing again, bound. */
    private static TrialOutcome run(TrialSpec spec, ProgressListener progress, Scenario scenario, ParamValues params,
                                    Model model, Workload workload, ProbeSet probes) throws InterruptedException {
        JvmInfo jvm = JvmInfo.current();
        TaskClock clock = new TaskClock(workload.tasks());
        for (int i = 1; i <= spec.warmup(); i++) {
            String error = iterate(workload, model, clock, probes, new LinkedHashMap<>());
            if (error != null) {
                return new TrialOutcome(TrialOutcome.INVALID, "warm-up " + i + ": " + error, jvm, null, null, List.of());
            }
            progress.progress("warmup", i, spec.warmup());
        }
        boolean timesSerial = scenario.needsSerialTiming() && workload.cpuPart().isPresent();
        double serialMs = Double.NaN;
        if (timesSerial) {
            serialMs = serialTaskMillis(workload, workload.cpuPart().get());
            progress.progress("calibrate", 1, 1);
        }
        List<IterationResult> measured = new ArrayList<>();
        for (int i = 1; i <= spec.iterations(); i++) {
            Map<String, Double> metrics = new LinkedHashMap<>();
            String error = iterate(workload, model, clock, probes, metrics);
            if (error != null) {
                return new TrialOutcome(TrialOutcome.INVALID, "iteration " + i + ": " + error, jvm, null,
                        orNull(serialMs), List.copyOf(measured));
            }
            measured.add(new IterationResult(nullForNaN(metrics), encode(workload.latencies(clock).orElseGet(() -> latencies(clock))),
                    probes.pinnedStacks()));
            progress.progress("measure", i, spec.iterations());
        }
        if (timesSerial) {
            // Timed again after the measured iterations and the faster kept: a machine that was slow
            // during one timing would otherwise lift the bound above what the iterations achieved.
            serialMs = Math.min(serialMs, serialTaskMillis(workload, workload.cpuPart().get()));
        }
        double boundMs = scenario.boundMs(params, model, new BoundContext(Runtime.getRuntime().availableProcessors(), serialMs));
        measured = withOverhead(measured, boundMs, scenario.reportsSchedulingOverhead());
        return new TrialOutcome(TrialOutcome.OK, null, jvm, orNull(boundMs), orNull(serialMs), List.copyOf(measured));
    }

    /** The iterations with {@code scheduling_overhead_pct} = (wall − bound) / wall × 100 set from {@code boundMs}. */
    private static List<IterationResult> withOverhead(List<IterationResult> iterations, double boundMs, boolean reports) {
        if (!reports || Double.isNaN(boundMs)) {
            return iterations;
        }
        List<IterationResult> out = new ArrayList<>();
        for (IterationResult it : iterations) {
            Map<String, Double> metrics = new LinkedHashMap<>(it.metrics());
            double wall = metrics.get("wall_ms");
            metrics.put("scheduling_overhead_pct", 100.0 * (wall - boundMs) / wall);
            out.add(new IterationResult(metrics, it.latencyHistogram(), it.pinnedStacks()));
        }
        return out;
    }

    /** One iteration; returns the validation error, or null when the workload's output is right. */
    private static String iterate(Workload workload, Model model, TaskClock clock, ProbeSet probes,
                                  Map<String, Double> metrics) throws InterruptedException {
        workload.beforeIteration();
        clock.reset();
        // No System.gc() here: G1 shrinks the heap after a full collection, and the smaller young
        // generation then collects inside the next iterations (measured: 4-9 ms of a 110 ms iteration).
        JitQuiet.awaitIdleCompiler();
        probes.beforeIteration();
        long start = System.nanoTime();
        workload.run(model, clock);
        long wall = System.nanoTime() - start;
        probes.afterIteration(wall, metrics);
        metrics.put("wall_ms", wall / 1e6);
        metrics.put("throughput_per_s", clock.tasks() / (wall / 1e9));
        try {
            workload.validate(clock);
        } catch (ValidationException e) {
            return e.getMessage();
        }
        metrics.putAll(workload.metrics(clock));
        Double allocatedMb = metrics.get("allocated_mb");
        if (allocatedMb != null && !allocatedMb.isNaN()) {
            metrics.put("allocated_bytes_per_task", allocatedMb * 1024 * 1024 / clock.tasks());
        }
        return null;
    }

    /**
     * The fastest time of one task's CPU part on this thread, after one discarded run for the JIT: noise
     * (another process, a JIT compile) only ever adds time, so the minimum is the work's own cost.
     */
    private static double serialTaskMillis(Workload workload, BlockingTask cpuPart) {
        workload.beforeIteration();
        try {
            cpuPart.run(0);
            long[] times = new long[SERIAL_MAX_TASKS];
            int n = 0;
            long started = System.nanoTime();
            while (n < SERIAL_MAX_TASKS && (n < SERIAL_MIN_TASKS || System.nanoTime() - started < SERIAL_MIN_NANOS)) {
                long t0 = System.nanoTime();
                cpuPart.run(n % workload.tasks());
                times[n++] = System.nanoTime() - t0;
            }
            return Arrays.stream(times, 0, n).min().orElseThrow() / 1e6;
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

    /** A histogram as compressed, base64 text. */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@link #encode} wrote. */
    public static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("corrupt latency histogram", e);
        }
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
