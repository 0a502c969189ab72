package dev.loomlab.core.workload;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.Style;
import dev.loomlab.core.model.TaskClock;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongToDoubleFunction;

/**
 * Each task computes the same pure function and stores its value; validation checks every stored value
 * equals one computed up front on a single thread (the loops are deterministic, so exactly equal).
 */
public final class CpuWorkload implements Workload {
    private final int tasks;
    private final long n;
    private final LongToDoubleFunction kernel;
    private final double expected;
    private final double[] results;

    /**
     * @param n the kernel's size argument (terms or iterations)
     * @param kernel the computation of one task, given {@code n}
     */
    public CpuWorkload(int tasks, long n, LongToDoubleFunction kernel) {
        this.tasks = tasks;
        this.n = n;
        this.kernel = kernel;
        this.expected = kernel.applyAsDouble(n);
        this.results = new double[tasks];
    }

    @Override
    public Set<Style> styles() {
        return Set.of(Style.BLOCKING);
    }

    @Override
    public int tasks() {
        return tasks;
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> results[index] = kernel.applyAsDouble(n);
    }

    @Override
    public Optional<BlockingTask> cpuPart() {
        return Optional.of(blockingTask());
    }

    @Override
    public void beforeIteration() {
        Arrays.fill(results, Double.NaN);
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        Workload.requireAllCompleted(clock);
        for (int i = 0; i < tasks; i++) {
            if (Double.doubleToLongBits(results[i]) != Double.doubleToLongBits(expected)) {
                throw new ValidationException("task " + i + " computed " + results[i] + ", expected " + expected);
            }
        }
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
