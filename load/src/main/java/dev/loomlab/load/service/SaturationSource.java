package dev.loomlab.load.service;

/**
 * Where a service's saturation is read from while a load runs: its own Prometheus endpoint
 * ({@link PrometheusSaturation}) or a loomlab server's control channel ({@link ControlChannelSaturation}). A read never
 * throws: a source that does not answer gives a reading that tells nothing.
 */
public interface SaturationSource {
    /** What the service says now; {@link Saturation#nothing} when it does not answer. */
    Saturation read();

    /** Where the figures come from, for the result: {@code http://127.0.0.1:9464/metrics}, {@code the server's control channel}. */
    String describe();
}
