package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;

/** The physical bounds shared by scenarios, in ms. */
public final class Bounds {
    private Bounds() {
    }

    /**
     * Tasks that each wait {@code waitMs}: with at most N running at once they take
     * ceil(tasks / N) × wait; without a limit, one wait.
     */
    public static double waiting(int tasks, double waitMs, Model model) {
        return waiting(tasks, waitMs, model.concurrency().orElse(Integer.MAX_VALUE));
    }

    /** {@link #waiting(int, double, Model)} for at most {@code limit} tasks at once. */
    public static double waiting(int tasks, double waitMs, int limit) {
        return Math.ceil((double) tasks / Math.max(1, Math.min(limit, tasks))) * waitMs;
    }

    /**
     * Tasks that each compute for {@code cpuMs} (measured alone on one thread): they cannot finish
     * before tasks × cpu / min(cores, concurrency), nor — a task being indivisible on its thread —
     * before ceil(tasks / concurrency) × cpu.
     */
    public static double computing(int tasks, double cpuMs, Model model, int cores) {
        return computing(tasks, cpuMs, model.concurrency().orElse(Integer.MAX_VALUE), cores);
    }

    /** {@link #computing(int, double, Model, int)} for at most {@code limit} tasks at once. */
    public static double computing(int tasks, double cpuMs, int limit, int cores) {
        int lanes = Math.max(1, Math.min(Math.min(cores, limit), tasks));
        double spread = tasks * cpuMs / lanes;
        double waves = Math.ceil((double) tasks / Math.max(1, Math.min(limit, tasks))) * cpuMs;
        return Math.max(spread, waves);
    }
}
