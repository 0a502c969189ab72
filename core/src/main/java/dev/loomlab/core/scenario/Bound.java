package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Bounds;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamValues;

import java.util.Optional;

/**
 * The best time physics allows for one iteration of a scenario, in ms; NaN when there is none. A scenario declares
 * one of three kinds: {@link #NONE}; a physical bound worked out from the parameters, the model and the cores
 * ({@link #waiting}, {@link #computing}, or a scenario's own); or a bound calibrated on one call measured alone, with
 * or without a pool ({@link #calibrated}), whose binding term a report names ({@link #term}).
 */
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
        return new CalibratedBound(tasks, null);
    }

    /**
     * {@link #calibrated(String)} where each call holds one of a pool's connections, so at most {@code pool} (a
     * count parameter: the pool's size) calls can be in progress whatever the model: N is min(the model's
     * concurrency, the pool), and the I/O-bound term is ceil(tasks / N) × one call alone (Little's law over the pool).
     */
    static Bound calibrated(String tasks, String pool) {
        return new CalibratedBound(tasks, pool);
    }

    /**
     * Which of this bound's terms a bound of {@code boundMs} is, for a bound of several terms — at these
     * parameters, on this model, with one task alone taking {@code serialTaskMs}; empty for a bound of one term
     * (none, or a physical bound worked out from the parameters alone) or values it cannot judge.
     */
    default Optional<BindingTerm> term(ParamValues params, Model model, double serialTaskMs, double boundMs) {
        return Optional.empty();
    }
}
