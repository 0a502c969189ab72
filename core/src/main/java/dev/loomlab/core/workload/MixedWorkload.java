package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;

import java.time.Duration;
import java.util.Optional;

/**
 * Each task sleeps (its I/O), then computes Σ √i for i = 1 … n, calling {@code Thread.yield()} every
 * {@code yieldEvery} iterations (0 = never): article 000's advice for mixed work, here measured.
 */
public final class MixedWorkload extends ComputingWorkload {
    private final long sleepNanos;
    private final Duration sleep;
    private final long n;
    private final long yieldEvery;

    /** @param sleepNanos each task's sleep in ns; @param yieldEvery iterations between yields, 0 for none */
    public MixedWorkload(int tasks, long sleepNanos, long n, long yieldEvery) {
        super(tasks, compute(n, yieldEvery));
        this.sleepNanos = sleepNanos;
        this.sleep = Duration.ofNanos(sleepNanos);
        this.n = n;
        this.yieldEvery = yieldEvery;
    }

    private double compute() {
        return compute(n, yieldEvery);
    }

    private static double compute(long n, long yieldEvery) {
        if (yieldEvery == 0) {
            return CpuWorkload.sqrtSum(n);
        }
        double sum = 0;
        long untilYield = yieldEvery;
        for (long i = 1; i <= n; i++) {
            sum += Math.sqrt(i);
            if (--untilYield == 0) {
                Thread.yield();
                untilYield = yieldEvery;
            }
        }
        return sum;
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> {
            if (sleepNanos > 0) {
                Thread.sleep(sleep);
            }
            values.set(index, compute());
        };
    }

    @Override
    public Optional<BlockingTask> cpuPart() {
        // The work without its yields: what the yields cost then shows as lost efficiency.
        return Optional.of(index -> values.set(index, CpuWorkload.sqrtSum(n)));
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        super.validate(clock);
        for (int i = 0; i < tasks(); i++) {
            if (clock.latencyNanos(i) < sleepNanos) {
                throw new ValidationException("task " + i + " finished sooner than its sleep");
            }
        }
    }
}
