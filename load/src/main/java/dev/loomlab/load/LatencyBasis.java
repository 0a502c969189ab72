package dev.loomlab.load;

/**
 * Where a load run's latencies start, and so whether they are corrected for coordinated omission.
 * The open model knows when each request should have gone out (its schedule), so a stalled server
 * delays that request's clock: the latency holds the wait (as wrk2 measures). The closed model has no
 * such time: a user sends when the previous answer is in, so the only start there is the actual send,
 * and a stall that keeps users from sending is not seen (as in JMeter's or k6's closed-model runs).
 * No expected interval would make it sound to correct the closed model afterwards: with no think time,
 * the interval between a user's requests is the very latency being measured.
 */
public enum LatencyBasis {
    /** Open model: from the intended send time — coordinated omission corrected. */
    INTENDED_SEND("from the intended send time (coordinated omission corrected)"),
    /** Closed model: from the actual send — not corrected for coordinated omission. */
    ACTUAL_SEND("from the actual send (closed model: not corrected for coordinated omission)");

    private final String description;

    LatencyBasis(String description) {
        this.description = description;
    }

    /** The basis of a run of the open ({@code true}) or closed model. */
    public static LatencyBasis of(boolean openModel) {
        return openModel ? INTENDED_SEND : ACTUAL_SEND;
    }

    /** {@link LoadMetrics#LATENCY_FROM_INTENDED_SEND}'s value: 1 or 0. */
    public double metricValue() {
        return this == INTENDED_SEND ? 1 : 0;
    }

    /** e.g. "from the actual send (closed model: not corrected for coordinated omission)". */
    public String description() {
        return description;
    }
}
