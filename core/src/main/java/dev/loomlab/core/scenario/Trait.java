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
    /**
     * The trials need a PostgreSQL: the run starts one before its first trial (or checks the one
     * {@code --db-url} names) and hands its address to every trial JVM. The web scenario needs one only for
     * its db endpoints, so it has not this trait: a run asks each result's {@code endpoint} parameter too
     * ({@link dev.loomlab.core.server.EndpointSpec#needsDatabase}).
     */
    DATABASE,
    /** One trial JVM runs every fork of a result itself (JMH forks its own JVMs). */
    FORKS_ITSELF,
    /**
     * Each result is a service's golden signals (requests, errors, answer latency): without {@code --slo}
     * it is judged against article 003's thresholds, {@code p99<500ms,errors<1%} (the objective {@code Slo.DEFAULT}).
     */
    GOLDEN_SIGNALS
}
