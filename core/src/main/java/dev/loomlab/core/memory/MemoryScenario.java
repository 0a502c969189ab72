package dev.loomlab.core.memory;

import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.HarnessScenario;
import dev.loomlab.core.scenario.Published;
import dev.loomlab.core.scenario.ScenarioRun;
import dev.loomlab.core.trial.IterationResult;
import dev.loomlab.core.trial.JvmInfo;
import dev.loomlab.core.trial.ProgressListener;
import dev.loomlab.core.trial.TrialOutcome;
import dev.loomlab.core.trial.TrialSpec;
import dev.loomlab.core.workload.NotApplicableException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code memory}: what a thread costs in memory. Each iteration starts {@code threads} threads of one
 * kind that each descend {@code depth} frames and park, and measures — after a full collection, before
 * and while they are parked — heap used and committed, Native Memory Tracking's committed bytes and
 * the resident set. {@code bytes_per_thread} = (heap used delta + native committed delta) / threads:
 * a virtual thread's stack lives in the heap, a platform thread's outside it. Platform threads stop at
 * this machine's {@link PlatformThreadCeiling}: above it the result is "not applicable".
 */
public final class MemoryScenario implements HarnessScenario {
    private static final String A003 = "003_9d87b967f81160c1.txt";
    private static final String A003_HW = "i7-13700K 16C/24T, 32 GB, OpenJDK 21.0.2";
    private static final double MB = 1024.0 * 1024.0;
    private static final String PLATFORM = ThreadKind.PLATFORM.modelName();
    private static final String VIRTUAL = ThreadKind.VIRTUAL.modelName();

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String summary() {
        return "memory per thread: threads that descend depth frames and park; heap, native (NMT) and RSS deltas";
    }

    @Override
    public String seed() {
        return A003 + " (platform vs virtual facts: ~1 MB vs ~1 KB stacks; thread start memory)";
    }

    @Override
    public List<ParamSpec> params() {
        return List.of(
                ParamSpec.taskCount("threads", "10000", "threads started and parked at once"),
                new ParamSpec("depth", dev.loomlab.core.param.ParamType.COUNT, "1", 1, 10_000,
                        "frames each thread descends before it parks"));
    }

    /**
     * Native Memory Tracking for the native part; {@code descend} kept a frame per level; a heap large
     * enough for 1,000,000 virtual threads' stacks.
     */
    @Override
    public List<String> trialJvmArgs() {
        return List.of("-XX:NativeMemoryTracking=summary", StackDescent.DONT_INLINE, "-XX:MaxRAMPercentage=75");
    }

    @Override
    public TrialOutcome runTrial(TrialSpec spec, ParamValues params, ThreadKind kind, ProgressListener progress)
            throws InterruptedException {
        int threads = params.intCount("threads");
        int depth = params.intCount("depth");
        PlatformThreadCeiling ceiling = PlatformThreadCeiling.detect();
        if (kind == ThreadKind.PLATFORM && threads > ceiling.threads()) {
            throw new NotApplicableException(String.format(java.util.Locale.ROOT,
                    "%,d platform threads is above this machine's safe ceiling of %,d (%s)", threads,
                    ceiling.threads(), ceiling.limitedBy()));
        }
        List<IterationResult> measured = new ArrayList<>();
        StackDescent.warm(depth);
        try {
            for (int i = 1; i <= spec.warmup(); i++) {
                iterate(kind, threads, depth);
                progress.progress("warmup", i, spec.warmup());
            }
            for (int i = 1; i <= spec.iterations(); i++) {
                Map<String, Double> metrics = iterate(kind, threads, depth);
                if (kind == ThreadKind.PLATFORM) {
                    metrics.put("platform_ceiling", (double) ceiling.threads());
                }
                measured.add(new IterationResult(metrics, null));
                progress.progress("measure", i, spec.iterations());
            }
        } catch (ParkedThreads.ThreadRefusedException e) {
            return TrialOutcome.failed(e.getMessage() + " (this machine's ceiling: " + ceiling.threads() + ", "
                    + ceiling.limitedBy() + ")", JvmInfo.current());
        } catch (InvalidCount e) {
            return new TrialOutcome(TrialOutcome.INVALID, e.getMessage(), JvmInfo.current(), null, null, List.copyOf(measured));
        }
        return new TrialOutcome(TrialOutcome.OK, null, JvmInfo.current(), null, null, List.copyOf(measured));
    }

    /** One iteration: snapshot, start and park every thread, snapshot, release; the deltas. */
    private static Map<String, Double> iterate(ThreadKind kind, int threads, int depth) throws InterruptedException {
        int osBefore = ParkedThreads.osThreads();
        MemorySnapshot before = MemorySnapshot.take();
        ParkedThreads parked = new ParkedThreads(threads, depth);
        long parkNanos = parked.start(kind);
        MemorySnapshot during = MemorySnapshot.take();
        long parkedCount = parked.parked();
        long frames = parked.release();
        ParkedThreads.awaitExited(osBefore);
        if (parkedCount != threads || frames != (long) threads * depth) {
            throw new InvalidCount(parkedCount + " of " + threads + " threads parked, " + frames + " of "
                    + (long) threads * depth + " frames returned");
        }
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("wall_ms", parkNanos / 1e6);
        m.put("throughput_per_s", threads / (parkNanos / 1e9));
        double heap = during.heapUsed() - before.heapUsed();
        double nativeBytes = before.nmt() == null || during.nmt() == null ? Double.NaN
                : during.nmt().nativeCommitted() - before.nmt().nativeCommitted();
        m.put("bytes_per_thread", (heap + nativeBytes) / threads);
        m.put("heap_bytes_per_thread", heap / threads);
        m.put("native_bytes_per_thread", nativeBytes / threads);
        m.put("rss_bytes_per_thread", (during.rss() - before.rss()) / threads);
        m.put("heap_used_delta_mb", heap / MB);
        m.put("heap_committed_delta_mb", (during.heapCommitted() - before.heapCommitted()) / MB);
        m.put("native_committed_delta_mb", nativeBytes / MB);
        m.put("thread_stacks_committed_delta_mb", before.nmt() == null || during.nmt() == null ? Double.NaN
                : (during.nmt().committed("Thread") - before.nmt().committed("Thread")) / MB);
        m.put("rss_mb", during.rss() / MB);
        m.put("threads_parked", (double) parkedCount);
        return m;
    }

    /** Not every thread parked or returned through every frame. */
    private static final class InvalidCount extends RuntimeException {
        InvalidCount(String message) {
            super(message);
        }
    }

    @Override
    public List<Published> published() {
        Map<String, String> tenK = Map.of("threads", "10000");
        String note = "article 003's thread start test (JMH 1.36): memory while starting 10,000 threads";
        return List.of(
                new Published(A003, A003_HW, PLATFORM, tenK, "rss_mb", 890, note),
                new Published(A003, A003_HW, VIRTUAL, tenK, "rss_mb", 112, note));
    }

    @Override
    public List<ScenarioRun> quick() {
        return List.of(
                ScenarioRun.of(name(), List.of(VIRTUAL), Map.of("threads", "10000", "depth", "1")).rounds(1, 2),
                ScenarioRun.of(name(), List.of(PLATFORM), Map.of("threads", "1000", "depth", "1")).rounds(1, 2));
    }

    @Override
    public List<ScenarioRun> seeds() {
        return List.of(
                ScenarioRun.of(name(), List.of(VIRTUAL), Map.of("threads", "1000,10000,100000,1000000", "depth", "1,50")),
                ScenarioRun.of(name(), List.of(PLATFORM), Map.of("threads", "10,100,1000,10000", "depth", "1,50")));
    }

    @Override
    public List<ScenarioRun> full() {
        return List.of(
                ScenarioRun.of(name(), List.of(VIRTUAL), Map.of("threads", "1000,10000,100000,1000000", "depth", "1,10,50,200")),
                // The last step is above the ceiling on most machines: "not applicable", with the ceiling in the reason.
                ScenarioRun.of(name(), List.of(PLATFORM), Map.of("threads", "10,100,1000,10000,100000", "depth", "1,10,50,200")));
    }
}
