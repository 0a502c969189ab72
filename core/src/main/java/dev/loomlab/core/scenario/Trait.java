package dev.loomlab.core.scenario;

/** What a scenario's trials do besides timing iterations. */
public enum Trait {
    /**
     * Each iteration records JFR {@code jdk.VirtualThreadPinned} events (threshold 0, with stacks): metrics
     * {@code pinned_events} and {@code pinned_time_ms}, and the result's top pinned stacks.
     */
    RECORDS_PINNING,
    /** The bound needs one task's serial CPU time, measured in the trial after warm-up. */
    SERIAL_TIMING,
    /** Each iteration reports {@code scheduling_overhead_pct}: (wall − bound) / wall. */
    SCHEDULING_OVERHEAD,
    /** One trial JVM runs every fork of a result itself (JMH forks its own JVMs). */
    FORKS_ITSELF,
    /**
     * Each result is a service's golden signals (requests, errors, answer latency): without {@code --slo}
     * it is judged against article 003's thresholds, {@code p99<500ms,errors<1%} (the objective {@code Slo.DEFAULT}).
     */
    GOLDEN_SIGNALS,
    /**
     * The model names a server that runs in a JVM of its own (web, echo): the trial JVM is its client, so a model's
     * scheduler settings and the trial's scheduler probes would be the client's, not the server's.
     */
    SERVES_ELSEWHERE
}
