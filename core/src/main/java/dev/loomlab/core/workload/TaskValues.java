package dev.loomlab.core.workload;

import java.util.Arrays;

/**
 * The value each task computed, checked against the one expected. Keeping every value also stops the
 * JIT from discarding the computation.
 */
final class TaskValues {
    private final double expected;
    private final double[] values;

    TaskValues(int tasks, double expected) {
        this.expected = expected;
        this.values = new double[tasks];
    }

    void set(int task, double value) {
        values[task] = value;
    }

    void clear() {
        Arrays.fill(values, Double.NaN);
    }

    /** Every task stored exactly the expected value (the loops are deterministic, so bitwise equal). */
    void check() throws ValidationException {
        for (int i = 0; i < values.length; i++) {
            if (Double.doubleToLongBits(values[i]) != Double.doubleToLongBits(expected)) {
                throw new ValidationException("task " + i + " computed " + values[i] + ", expected " + expected);
            }
        }
    }
}
