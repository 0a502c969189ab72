package dev.loomlab.core.scenario;

/**
 * What a bound may depend on besides the parameters and model: the machine's cores and, for CPU work,
 * the time one task's computation takes alone on one thread (measured in the trial after warm-up).
 *
 * @param cores available processors of the trial JVM
 * @param serialTaskMs one task's CPU part on one thread, in ms; NaN when not measured
 * @param serialCpuMs  the CPU time of that same task alone, in ms (its thread's CPU clock); NaN when not measured
 * @param callCpuMs    the CPU time a task costs every thread of the JVM, in ms: the lower of one alone and of the
 *                     measured iterations' mean per task; NaN when not measured
 * @param dispatcherMs the CPU time a task costs the busiest thread that runs alone (a single-threaded dispatcher), in
 *                     ms, the measured iterations' mean; NaN when there is none
 */
public record BoundContext(int cores, double serialTaskMs, double serialCpuMs, double callCpuMs, double dispatcherMs) {

    /** Without a CPU time of the serial task. */
    public BoundContext(int cores, double serialTaskMs) {
        this(cores, serialTaskMs, Double.NaN);
    }

    /** With its thread's CPU time only. */
    public BoundContext(int cores, double serialTaskMs, double serialCpuMs) {
        this(cores, serialTaskMs, serialCpuMs, Double.NaN, Double.NaN);
    }
}
