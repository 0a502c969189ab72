package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;

import java.util.Optional;
import java.util.function.LongToDoubleFunction;

/**
 * Each task computes the same pure function and stores its value; validation checks every stored value
 * equals one computed up front on a single thread (the loops are deterministic, so exactly equal).
 */
public final class CpuWorkload extends ComputingWorkload {
    private final long n;
    private final LongToDoubleFunction kernel;

    /**
     * @param n the kernel's size argument (terms or iterations)
     * @param kernel the computation of one task, given {@code n}
     */
    public CpuWorkload(int tasks, long n, LongToDoubleFunction kernel) {
        super(tasks, kernel.applyAsDouble(n));
        this.n = n;
        this.kernel = kernel;
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> values.set(index, kernel.applyAsDouble(n));
    }

    @Override
    public Optional<BlockingTask> cpuPart() {
        return Optional.of(blockingTask());
    }

    /** Σ √i for i = 1 … n (article 000's CPU task, n = 1,000,000). */
    public static double sqrtSum(long n) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }

    /** π by the Leibniz series with {@code terms} terms, written as article 002 writes it. */
    public static double leibnizPi(long terms) {
        double pi = 0;
        for (long i = 0; i < terms; i++) {
            if (i % 2 == 0) {
                pi += 1.0 / (2 * i + 1);
            } else {
                pi -= 1.0 / (2 * i + 1);
            }
        }
        return pi * 4;
    }
}
