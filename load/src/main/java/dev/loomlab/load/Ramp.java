package dev.loomlab.load;

/**
 * Article 003's step load: the level (users or rate) grows by {@value #STEP_PERCENT}% at the end of
 * every interval, starting from the base at the start of measurement; a zero interval keeps it constant.
 *
 * @param intervalNanos length of one step, ns; 0 = constant load
 */
public record Ramp(long intervalNanos) {
    public static final int STEP_PERCENT = 20;
    private static final double STEP = 1 + STEP_PERCENT / 100.0;

    public static final Ramp CONSTANT = new Ramp(0);

    public Ramp {
        if (intervalNanos < 0) {
            throw new IllegalArgumentException("ramp interval " + intervalNanos + " < 0");
        }
    }

    /** The step in force {@code sinceStart} ns after the start of measurement (0 before it). */
    public int step(long sinceStart) {
        return intervalNanos == 0 || sinceStart < 0 ? 0 : (int) Math.min(1000, sinceStart / intervalNanos);
    }

    /** The factor on the base level at {@code step}: 1.2^step. */
    public double factor(int step) {
        return Math.pow(STEP, step);
    }

    /** The level at {@code step} for a base level, rounded: users 100 → 120 → 144 … */
    public long level(long base, int step) {
        return Math.round(base * factor(step));
    }
}
