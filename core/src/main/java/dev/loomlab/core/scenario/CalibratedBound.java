package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Bounds;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamValues;

import java.util.Optional;

/**
 * The bound of calls whose cost is measured in the trial, one call alone ({@link BoundContext#serialTaskMs}, its CPU
 * time {@link BoundContext#serialCpuMs}): the largest of the I/O-bound term, ceil(tasks / N) × one call alone; the
 * CPU-bound term, the calling thread's CPU time per call × tasks spread over min(cores, N); the machine's term, the CPU a
 * call costs every thread of the JVM ({@link BoundContext#callCpuMs}) × tasks spread over every core; and the
 * single-thread term, tasks × the CPU per call of the busiest thread that runs alone ({@link BoundContext#dispatcherMs}:
 * a selector or dispatcher every call goes through, which no concurrency spreads). N is the model's concurrency, or the
 * pool's size where each call holds one of a pool's connections and the pool is smaller. In ms.
 *
 * @param tasks the count parameter of calls per iteration, e.g. {@code tasks}
 * @param pool  the count parameter sizing the pool each call holds a connection of, e.g. {@code connections};
 *              null when the calls share no pool
 */
public record CalibratedBound(String tasks, String pool) implements Bound {
    /** How far above the I/O-bound term a bound counts as the CPU-bound term, not a rounding of it. */
    private static final double ROUNDING = 1.000001;

    @Override
    public double ms(ParamValues p, Model model, BoundContext context) {
        if (Double.isNaN(context.serialTaskMs())) {
            return Double.NaN;
        }
        int limit = limit(p, model);
        int calls = p.intCount(tasks);
        double bound = Bounds.waiting(calls, context.serialTaskMs(), limit);
        if (!Double.isNaN(context.serialCpuMs())) {
            bound = Math.max(bound, Bounds.computing(calls, context.serialCpuMs(), limit, context.cores()));
        }
        // every thread's CPU spread over every core: other threads (a server's, a selector) run beside the calls
        if (!Double.isNaN(context.callCpuMs())) {
            bound = Math.max(bound, calls * context.callCpuMs() / context.cores());
        }
        return Double.isNaN(context.dispatcherMs()) ? bound : Math.max(bound, calls * context.dispatcherMs());
    }

    /**
     * The CPU-bound term when the bound is above the I/O-bound term (the CPU time it rests on is not kept in a
     * result, so it is read as the difference); else the pool when it is smaller than both the model's concurrency
     * and the calls; else the I/O-bound term.
     */
    @Override
    public Optional<BindingTerm> term(ParamValues p, Model model, double serialTaskMs, double boundMs) {
        if (Double.isNaN(serialTaskMs) || Double.isNaN(boundMs)) {
            return Optional.empty();
        }
        int calls = p.intCount(tasks);
        double waiting = Bounds.waiting(calls, serialTaskMs, limit(p, model));
        if (boundMs > waiting * ROUNDING) {
            return Optional.of(BindingTerm.COMPUTING);
        }
        int size = poolSize(p);
        return Optional.of(size < model.limit() && size < calls ? BindingTerm.pool(size, pool) : BindingTerm.WAITING);
    }

    /** N: the most calls in progress at once, the model's concurrency or the pool's size. */
    private int limit(ParamValues p, Model model) {
        return Math.min(model.limit(), poolSize(p));
    }

    private int poolSize(ParamValues p) {
        return pool == null ? Integer.MAX_VALUE : p.intCount(pool);
    }
}
