package dev.loomlab.load;

import org.HdrHistogram.Histogram;

import java.util.Locale;
import java.util.Map;

/**
 * A running load's figures so far, handed to a progress listener about once a second: what its
 * event loops published at their last timeout sweep (a few tens of ms old), so a line that keeps
 * changing also shows that the loops keep running.
 *
 * @param elapsedNanos since the run started, warm-up included, ns
 * @param phase        {@code connecting} (closed model: users not all in yet), {@code warm-up}, {@code measuring},
 *                     or {@code draining} (after the end, waiting for answers)
 * @param sent         measured requests sent so far
 * @param ok           of those, answered ok
 * @param errors       of those, failed (every kind)
 * @param queued       open model: requests due but waiting for a connection; 0 for the closed model
 * @param errorKinds   {@code errors} by kind, every kind listed
 * @param latency      when the run was asked for them: the latencies (ns) of the measured answers so far, on
 *                     the run's {@link LatencyBasis}, as the loops copied them up to half a second ago; else null
 */
public record LoadProgress(long elapsedNanos, String phase, long sent, long ok, long errors, long queued,
                           Map<RequestError, Long> errorKinds, Histogram latency) {

    /** e.g. {@code 00:03 measuring: 12,000 sent, 1,190 ok, 9,020 errors, 800 queued}. */
    public String line() {
        long s = elapsedNanos / 1_000_000_000L;
        return String.format(Locale.ROOT, "%02d:%02d %s: %,d sent, %,d ok, %,d errors%s", s / 60, s % 60, phase, sent, ok,
                errors, queued > 0 ? String.format(Locale.ROOT, ", %,d queued", queued) : "");
    }
}
