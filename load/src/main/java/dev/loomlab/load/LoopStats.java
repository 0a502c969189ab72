package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import org.HdrHistogram.Histogram;

/**
 * What the connections of one event loop recorded during measurement; written only by that loop's
 * thread (no locks on the hot path), read after the loops have stopped.
 */
final class LoopStats {
    /** Index for answers without a serving-thread header. */
    static final int UNNAMED = ServingThread.values().length;

    /**
     * Latency from the intended send time, ns: the open model's schedule time (coordinated omission
     * corrected); in the closed model the intended time is the actual send, so this equals {@link #fromSend}.
     */
    final Histogram fromIntended = new Histogram(3);
    /** Latency from the actual send time, ns. */
    final Histogram fromSend = new Histogram(3);
    long sent;
    long ok;
    /** Successful answers that arrived within the measured span, whenever they were sent. */
    long okInSpan;
    final long[] errors = new long[RequestError.values().length];
    final long[] statuses = new long[600];
    final long[] servedBy = new long[UNNAMED + 1];
    long connectionsOpened;

    void error(RequestError kind) {
        errors[kind.ordinal()]++;
    }

    void add(LoopStats other) {
        fromIntended.add(other.fromIntended);
        fromSend.add(other.fromSend);
        sent += other.sent;
        ok += other.ok;
        okInSpan += other.okInSpan;
        connectionsOpened += other.connectionsOpened;
        for (int i = 0; i < errors.length; i++) {
            errors[i] += other.errors[i];
        }
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] += other.statuses[i];
        }
        for (int i = 0; i < servedBy.length; i++) {
            servedBy[i] += other.servedBy[i];
        }
    }
}
