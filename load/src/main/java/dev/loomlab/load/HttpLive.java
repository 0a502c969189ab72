package dev.loomlab.load;

import dev.loomlab.core.outcome.LiveSample;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns one load run's progress, handed once a second ({@link LoadGenerator#run(java.util.function.Consumer, boolean)}
 * with latencies), into its golden signals as a {@link LiveSample.Http}: the totals so far, and the latency
 * percentiles of the answers recorded since the previous progress — the difference of two successive
 * copies of the run's histogram, so the generator records nothing twice.
 */
public final class HttpLive {
    private final int run;
    private final LatencyWindow latencies = new LatencyWindow();

    /** @param run which load run of this process it is (a new number for each run, so totals are told apart) */
    public HttpLive(int run) {
        this.run = run;
    }

    /** The sample {@code progress} tells; latencies NaN when the progress has none or nothing was answered since the last. */
    public LiveSample.Http next(LoadProgress progress) {
        Map<String, Long> errors = new LinkedHashMap<>();
        progress.errorKinds().forEach((kind, n) -> errors.put(kind.name().toLowerCase(Locale.ROOT), n));
        Histogram window = latencies.next(progress.latency());
        if (window == null || window.getTotalCount() == 0) {
            return new LiveSample.Http(run, progress.ok(), errors, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new LiveSample.Http(run, progress.ok(), errors, seconds(window.getValueAtPercentile(50)),
                seconds(window.getValueAtPercentile(90)), seconds(window.getValueAtPercentile(99)),
                seconds(window.getValueAtPercentile(99.9)), seconds(window.getMaxValue()));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
