package dev.loomlab.core.scenario;

/**
 * The term of a bound of several terms ({@link CalibratedBound}) that is the bound at one result's values.
 *
 * @param kind      which term
 * @param pool      for {@link Kind#POOL}, the pool's size (connections); else 0
 * @param poolParam for {@link Kind#POOL}, the parameter that sizes the pool, e.g. {@code connections}; else empty
 */
public record BindingTerm(Kind kind, int pool, String poolParam) {
    /** Waves of one call alone, N at a time: the calls wait, on I/O or a server. */
    public static final BindingTerm WAITING = new BindingTerm(Kind.WAITING, 0, "");
    /** The calls' CPU time spread over the cores. */
    public static final BindingTerm COMPUTING = new BindingTerm(Kind.COMPUTING, 0, "");

    /** What limits a bound. */
    public enum Kind {
        /** I/O-bound: ceil(tasks / N) × one call alone, N the model's concurrency. */
        WAITING,
        /** CPU-bound: CPU time per call × tasks over min(cores, N). */
        COMPUTING,
        /** Pool-bound: the I/O-bound term where N is a pool's size, smaller than the model's concurrency. */
        POOL
    }

    /** The waves of a pool of {@code size}, sized by the parameter {@code param}. */
    public static BindingTerm pool(int size, String param) {
        return new BindingTerm(Kind.POOL, size, param);
    }
}
