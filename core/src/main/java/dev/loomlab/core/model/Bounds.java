package dev.loomlab.core.model;

/** The physical bounds of tasks run at most N at once, shared by scenarios, in ms. */
public final class Bounds {
    private Bounds() {
    }

    /**
     * Tasks that each wait {@code waitMs}: with at most {@code limit} running at once they take
     * ceil(tasks / limit) × wait; without a limit ({@link Integer#MAX_VALUE}), one wait.
     */
    public static double waiting(int tasks, double waitMs, int limit) {
        return Math.ceil((double) tasks / Math.max(1, Math.min(limit, tasks))) * waitMs;
    }

    /**
     * Tasks that each compute for {@code cpuMs} (measured alone on one thread): they cannot finish
     * before tasks × cpu / min(cores, limit), nor — a task being indivisible on its thread —
     * before ceil(tasks / limit) × cpu.
     */
    public static double computing(int tasks, double cpuMs, int limit, int cores) {
        int lanes = Math.max(1, Math.min(Math.min(cores, limit), tasks));
        double spread = tasks * cpuMs / lanes;
        double waves = Math.ceil((double) tasks / Math.max(1, Math.min(limit, tasks))) * cpuMs;
        return Math.max(spread, waves);
    }
}
