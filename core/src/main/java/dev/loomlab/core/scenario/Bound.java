package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Bounds;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamValues;

/** The best time physics allows for one iteration of a scenario, in ms; NaN when there is none. */
@FunctionalInterface
public interface Bound {
    /** No bound. */
    Bound NONE = (p, model, context) -> Double.NaN;

    double ms(ParamValues params, Model model, BoundContext context);

    /** {@code tasks} tasks that each wait {@code wait}: ceil(tasks / N) × wait on a model of N, one wait unlimited. */
    static Bound waiting(String tasks, String wait) {
        return (p, model, context) -> Bounds.waiting(p.intCount(tasks), p.durationMillis(wait), model.limit());
    }

    /**
     * {@code tasks} tasks of pure computation: one task's serial CPU time × tasks spread over
     * min(cores, concurrency), and never less than ceil(tasks / concurrency) tasks one after another.
     */
    static Bound computing(String tasks) {
        return (p, model, context) -> Double.isNaN(context.serialTaskMs()) ? Double.NaN
                : Bounds.computing(p.intCount(tasks), context.serialTaskMs(), model.limit(), context.cores());
    }

    /**
     * {@code tasks} calls of a task measured alone (a user's task): it can neither finish before
     * ceil(tasks / N) calls one after another, each as long as one call alone (the I/O-bound term), nor
     * before its CPU time per call × tasks spread over min(cores, N) (the CPU-bound term).
     */
    static Bound calibrated(String tasks) {
        return calibrated(tasks, p -> Integer.MAX_VALUE);
    }

    /**
     * {@link #calibrated(String)} where at most {@code cap} calls can be in progress whatever the model —
     * calls that each hold one of a pool's connections: N is min(the model's concurrency, the cap), and
     * the I/O-bound term is ceil(tasks / N) × one call alone (Little's law over the pool).
     */
    static Bound calibrated(String tasks, java.util.function.ToIntFunction<ParamValues> cap) {
        return (p, model, context) -> {
            if (Double.isNaN(context.serialTaskMs())) {
                return Double.NaN;
            }
            int limit = Math.min(model.limit(), cap.applyAsInt(p));
            double waiting = Bounds.waiting(p.intCount(tasks), context.serialTaskMs(), limit);
            return Double.isNaN(context.serialCpuMs()) ? waiting
                    : Math.max(waiting, Bounds.computing(p.intCount(tasks), context.serialCpuMs(), limit, context.cores()));
        };
    }
}
