package dev.loomlab.core.scenario;

/**
 * What a bound may depend on besides the parameters and model: the machine's cores and, for CPU work,
 * the time one task's computation takes alone on one thread (measured in the trial after warm-up).
 *
 * @param cores available processors of the trial JVM
 * @param serialTaskMs one task's CPU part on one thread, in ms; NaN when not measured
 * @param serialCpuMs  the CPU time of that same task alone, in ms (its thread's CPU clock); NaN when not measured
 */
public record BoundContext(int cores, double serialTaskMs, double serialCpuMs) {

    /** Without a CPU time of the serial task. */
    public BoundContext(int cores, double serialTaskMs) {
        this(cores, serialTaskMs, Double.NaN);
    }
}
