package dev.loomlab.core.scheduler;

/**
 * A thread's worth of CPU-bound work that never blocks: square roots in units of about {@value #UNIT_NS} ns on this
 * machine (calibrated once, alone, on the calling thread), with a {@link Thread#yield} after every {@code yieldEvery}
 * units when asked. Sized in units of computation rather than by a clock, so that a hog preempted by the OS takes
 * longer in wall time but not more work.
 */
final class Hog {
    /** One unit of work: about 0.1 ms of square roots here. */
    static final long UNIT_NS = 100_000;
    /** Where every sum goes, so that the JIT cannot drop the work. */
    private static volatile double sink;

    private final long opsPerUnit;

    private Hog(long opsPerUnit) {
        this.opsPerUnit = opsPerUnit;
    }

    /** A hog whose unit is {@value #UNIT_NS} ns of this thread's computation, the fastest of a few timed runs. */
    static Hog calibrate() {
        // compiled first (about 0.2 s of small calls, as the hogs make them), then timed in longer runs
        long small = 20_000;
        for (long end = System.nanoTime() + 200_000_000L; System.nanoTime() < end; ) {
            compute(small);
        }
        long ops = 2_000_000;
        double bestNsPerOp = Double.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long start = System.nanoTime();
            compute(ops);
            bestNsPerOp = Math.min(bestNsPerOp, (double) (System.nanoTime() - start) / ops);
        }
        return new Hog(Math.max(1, Math.round(UNIT_NS / bestNsPerOp)));
    }

    /** Units in {@code nanos} of computation. */
    static long units(long nanos) {
        return Math.max(1, nanos / UNIT_NS);
    }

    /**
     * Computes {@code units} units, yielding after every {@code yieldEvery} of them (0: never).
     *
     * @return the yields made
     */
    long run(long units, long yieldEvery) {
        long yields = 0;
        for (long u = 1; u <= units; u++) {
            compute(opsPerUnit);
            if (yieldEvery > 0 && u % yieldEvery == 0 && u < units) {
                Thread.yield();
                yields++;
            }
        }
        return yields;
    }

    private static void compute(long ops) {
        double sum = 0;
        for (long i = 0; i < ops; i++) {
            sum += Math.sqrt(i);
        }
        sink = sum;
    }
}
