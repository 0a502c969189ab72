package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import org.HdrHistogram.Histogram;

/**
 * What the connections of one event loop recorded during measurement; written only by that loop's
 * thread (no locks on the hot path), read after the loops have stopped. While they run, the loop
 * {@link #publish}es its counts for progress lines.
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
    /**
     * Open model: how late the generator itself wrote each measured request, ns — from its intended time to the
     * write on an idle connection, or to the dispatcher's hand-off when it had to wait for a connection (the
     * wait for a connection is the target's, and left out). Requests queued for a connection are not in it.
     */
    final Histogram generatorLag = new Histogram(3);
    long sent;
    long ok;
    /** Successful answers that arrived within the measured span, whenever they were sent. */
    long okInSpan;
    final long[] errors = new long[RequestError.values().length];
    final long[] statuses = new long[600];
    final long[] servedBy = new long[UNNAMED + 1];
    long connectionsOpened;
    /** The counts as of the loop's last {@link #publish}, for another thread to read. */
    private volatile Tally published = Tally.NONE;
    /** When the loop last copied its latencies for {@link #publish}, ns ({@link System#nanoTime}). */
    private long latencyCopied = Long.MIN_VALUE;
    private Histogram latencyCopy;

    /**
     * Measured requests sent, answered ok, and failed by kind ({@link RequestError} ordinals); with the
     * latencies so far on the run's basis when the loop was asked for them (else null).
     */
    record Tally(long sent, long ok, long[] errors, Histogram latency) {
        static final Tally NONE = new Tally(0, 0, new long[RequestError.values().length], null);

        long failed() {
            long n = 0;
            for (long e : errors) {
                n += e;
            }
            return n;
        }

        Tally plus(Tally other) {
            long[] sum = errors.clone();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += other.errors[i];
            }
            Histogram merged = latency;
            if (other.latency != null) {
                merged = latency == null ? other.latency.copy() : latency.copy();
                if (latency != null) {
                    merged.add(other.latency);
                }
            }
            return new Tally(sent + other.sent, ok + other.ok, sum, merged);
        }
    }

    void error(RequestError kind) {
        errors[kind.ordinal()]++;
    }

    /**
     * Makes the counts so far visible to other threads; called on the loop's own thread. With
     * {@code latency} (the histogram of the run's basis) it also publishes a copy of that, taken at most
     * once every {@code copyEveryNanos}: a copy costs an allocation the size of the histogram.
     */
    void publish(Histogram latency, long copyEveryNanos) {
        if (latency != null) {
            long now = System.nanoTime();
            if (latencyCopy == null || now - latencyCopied >= copyEveryNanos) {
                latencyCopy = latency.copy();
                latencyCopied = now;
            }
        }
        published = new Tally(sent, ok, errors.clone(), latencyCopy);
    }

    /** The counts of the last {@link #publish}; safe from any thread. */
    Tally published() {
        return published;
    }

    void add(LoopStats other) {
        fromIntended.add(other.fromIntended);
        fromSend.add(other.fromSend);
        generatorLag.add(other.generatorLag);
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
