package dev.loomlab.core.scheduler;

import dev.loomlab.core.model.Form;
import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.probe.ProbeSet;
import dev.loomlab.core.probe.SchedulerProbe;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.workload.ThreadsWorkload;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code starvation}: latency-sensitive threads beside CPU-bound ones, all of the model's kind. Each iteration starts
 * {@code sleepers} threads that sleep {@code tick} in a loop, then {@code hogs} threads that each compute
 * {@code hog-work} ({@link Hog}), yielding every {@code yield-every} units or never. A sleeper's lateness is how much
 * later than its deadline (the sleep's start plus {@code tick}) it ran again; every wake-up that ran after the hogs
 * started and was due before they all ended counts ({@link Sleepers}). Virtual threads share the scheduler's carriers, which a hog that never yields keeps until it ends; platform
 * threads are time-sliced by the OS. The sampler and the scheduler's figures ({@code vt_queued_*}) run throughout: they
 * are what the scenario is for.
 */
public final class StarvationWorkload implements ThreadsWorkload {
    private final int hogs;
    private final long hogWorkNanos;
    private final long yieldEvery;
    private final int sleepers;
    private final Duration tick;

    /**
     * @param hogWorkNanos the computation each hog does, ns of this machine's time for it alone
     * @param yieldEvery   units ({@value Hog#UNIT_NS} ns) between a hog's yields; 0 never
     */
    public StarvationWorkload(int hogs, long hogWorkNanos, long yieldEvery, int sleepers, Duration tick) {
        this.hogs = hogs;
        this.hogWorkNanos = hogWorkNanos;
        this.yieldEvery = yieldEvery;
        this.sleepers = sleepers;
        this.tick = tick;
    }

    @Override
    public TrialOutcome runTrial(TrialSpec spec, ThreadKind kind, ProgressListener progress) throws InterruptedException {
        if (kind == ThreadKind.VIRTUAL) {
            SchedulerProbe.absence().ifPresent(System.err::println);
        }
        Hog hog = Hog.calibrate();
        List<IterationResult> measured = new ArrayList<>();
        try (ProbeSet probes = ProbeSet.of(false, true, kind == ThreadKind.VIRTUAL)) {
            for (int i = 1; i <= spec.warmup(); i++) {
                iterate(kind, hog, probes, new LinkedHashMap<>());
                progress.progress("warmup", i, spec.warmup());
            }
            for (int i = 1; i <= spec.iterations(); i++) {
                Map<String, Double> metrics = new LinkedHashMap<>();
                MeasuredSpan span = iterate(kind, hog, probes, metrics);
                if (metrics.get(StarvationMetrics.WAKEUPS.name()) == 0) {
                    return TrialOutcome.invalid("iteration " + i + ": no sleeper woke while the hogs computed (hog-work "
                            + "shorter than tick?)", JvmInfo.current(), Form.THREADS.name(), null, measured);
                }
                measured.add(IterationResult.of(metrics, null).withSpan(span));
                progress.progress("measure", i, spec.iterations());
            }
        }
        return TrialOutcome.ok(JvmInfo.current(), Form.THREADS.name(), null, null, measured);
    }

    /** One iteration: the sleepers asleep, the hogs' work timed, the sleepers stopped; its figures into {@code metrics}. */
    private MeasuredSpan iterate(ThreadKind kind, Hog hog, ProbeSet probes, Map<String, Double> metrics)
            throws InterruptedException {
        long units = Hog.units(hogWorkNanos);
        probes.beforeIteration();
        Sleepers asleep = new Sleepers(kind, sleepers, tick);
        asleep.awaitStarted();
        AtomicLong yields = new AtomicLong();
        AtomicLong lastEnd = new AtomicLong();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> hogThreads = new ArrayList<>();
        for (int h = 0; h < hogs; h++) {
            hogThreads.add(kind.builder().name("loomlab-hog-" + h).start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                yields.addAndGet(hog.run(units, yieldEvery));
                lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
            }));
        }
        TrialProfiling.resume();
        asleep.startCounting();
        long start = System.nanoTime();
        go.countDown();
        try {
            for (Thread t : hogThreads) {
                t.join();
            }
        } finally {
            TrialProfiling.pause();
        }
        long end = lastEnd.get();
        Histogram lateness = asleep.stop();
        probes.afterIteration(end - start, metrics);
        double wallMs = (end - start) / 1e6;
        metrics.put(StarvationMetrics.HOGS_WALL_MS.name(), wallMs);
        metrics.put(StarvationMetrics.HOG_CORES.name(), hogs * (units * Hog.UNIT_NS / 1e6) / wallMs);
        metrics.put(StarvationMetrics.HOG_YIELDS.name(), (double) yields.get());
        metrics.put(StarvationMetrics.WAKEUPS.name(), (double) lateness.getTotalCount());
        if (lateness.getTotalCount() > 0) {
            metrics.put(StarvationMetrics.LATENESS_P50.name(), lateness.getValueAtPercentile(50) / 1e6);
            metrics.put(StarvationMetrics.LATENESS_P99.name(), lateness.getValueAtPercentile(99) / 1e6);
            metrics.put(StarvationMetrics.LATENESS_MAX.name(), lateness.getMaxValue() / 1e6);
        }
        return new MeasuredSpan(start, end);
    }
}
