package dev.loomlab.core.memory;

import dev.loomlab.core.model.ThreadKind;
import dev.loomlab.core.outcome.IterationResult;
import dev.loomlab.core.outcome.MeasuredSpan;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.outcome.TrialOutcome;
import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.prof.TrialProfiling;
import dev.loomlab.core.model.Form;
import dev.loomlab.core.workload.ThreadsWorkload;

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
 * this machine's {@link PlatformThreadCeiling}, virtual threads at what the heap can hold ({@link VirtualThreadHeap}):
 * above either the result is "not applicable".
 */
public final class MemoryWorkload implements ThreadsWorkload {
    private static final double MB = 1024.0 * 1024.0;

    private final int threads;
    private final int depth;

    /** @param threads threads started and parked at once; @param depth frames each descends before it parks */
    public MemoryWorkload(int threads, int depth) {
        this.threads = threads;
        this.depth = depth;
    }

    @Override
    public TrialOutcome runTrial(TrialSpec spec, ThreadKind kind, ProgressListener progress)
            throws InterruptedException {
        if (kind == ThreadKind.VIRTUAL) {
            VirtualThreadHeap.requireRoomFor(threads, Runtime.getRuntime().maxMemory());
        }
        PlatformThreadCeiling ceiling = kind == ThreadKind.PLATFORM ? PlatformThreadCeiling.requireRoomFor(threads)
                : PlatformThreadCeiling.detect();
        List<IterationResult> measured = new ArrayList<>();
        StackDescent.warm(depth);
        try {
            for (int i = 1; i <= spec.warmup(); i++) {
                iterate(kind, threads, depth);
                progress.progress("warmup", i, spec.warmup());
            }
            for (int i = 1; i <= spec.iterations(); i++) {
                TrialProfiling.resume();
                long start = System.nanoTime();
                Map<String, Double> metrics;
                long end;
                try {
                    metrics = iterate(kind, threads, depth);
                    end = System.nanoTime();
                } finally {
                    TrialProfiling.pause();
                }
                MeasuredSpan span = new MeasuredSpan(start, end);
                if (kind == ThreadKind.PLATFORM) {
                    metrics.put(MemoryMetrics.PLATFORM_CEILING.name(), (double) ceiling.threads());
                }
                measured.add(IterationResult.of(metrics, null).withSpan(span));
                progress.progress("measure", i, spec.iterations());
            }
        } catch (ParkedThreads.ThreadRefusedException e) {
            return TrialOutcome.failed(e.getMessage() + " (this machine's ceiling: " + ceiling.threads() + ", "
                    + ceiling.limitedBy() + ")", JvmInfo.current());
        } catch (InvalidCount e) {
            return TrialOutcome.invalid(e.getMessage(), JvmInfo.current(), Form.THREADS.name(), null, measured);
        }
        return TrialOutcome.ok(JvmInfo.current(), Form.THREADS.name(), null, null, measured);
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
        m.put(MemoryMetrics.START_PARK_MS.name(), parkNanos / 1e6);
        m.put(MemoryMetrics.PARKED_PER_S.name(), threads / (parkNanos / 1e9));
        double heap = during.heapUsed() - before.heapUsed();
        double nativeBytes = before.nmt() == null || during.nmt() == null ? Double.NaN
                : during.nmt().nativeCommitted() - before.nmt().nativeCommitted();
        m.put(MemoryMetrics.BYTES_PER_THREAD.name(), (heap + nativeBytes) / threads);
        m.put(MemoryMetrics.HEAP_BYTES_PER_THREAD.name(), heap / threads);
        m.put(MemoryMetrics.NATIVE_BYTES_PER_THREAD.name(), nativeBytes / threads);
        m.put(MemoryMetrics.RSS_BYTES_PER_THREAD.name(), (during.rss() - before.rss()) / threads);
        m.put(MemoryMetrics.HEAP_USED_DELTA_MB.name(), heap / MB);
        m.put(MemoryMetrics.HEAP_COMMITTED_DELTA_MB.name(), (during.heapCommitted() - before.heapCommitted()) / MB);
        m.put(MemoryMetrics.NATIVE_COMMITTED_DELTA_MB.name(), nativeBytes / MB);
        m.put(MemoryMetrics.THREAD_STACKS_COMMITTED_DELTA_MB.name(), before.nmt() == null || during.nmt() == null ? Double.NaN
                : (during.nmt().committed("Thread") - before.nmt().committed("Thread")) / MB);
        m.put(MemoryMetrics.RSS_MB.name(), during.rss() / MB);
        m.put(MemoryMetrics.THREADS_PARKED.name(), (double) parkedCount);
        return m;
    }

    /** Not every thread parked or returned through every frame. */
    private static final class InvalidCount extends RuntimeException {
        InvalidCount(String message) {
            super(message);
        }
    }
}
