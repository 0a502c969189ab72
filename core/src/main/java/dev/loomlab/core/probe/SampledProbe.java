package dev.loomlab.core.probe;

/** A probe that also needs to look at the JVM while the iteration runs, to catch a peak. */
public interface SampledProbe extends Probe {

    /** Called by the {@link Sampler} every period during an iteration, and once more at its end. */
    void sample();
}
