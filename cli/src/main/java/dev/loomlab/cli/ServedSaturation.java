package dev.loomlab.cli;

import dev.loomlab.core.server.ServerSaturation;
import dev.loomlab.core.stats.MetricKey;

import java.util.Map;
import java.util.function.Supplier;

import static dev.loomlab.core.server.ServerMetrics.SERVER_GC_PAUSE_MS;
import static dev.loomlab.core.server.ServerMetrics.SERVER_POOL_ACTIVE;
import static dev.loomlab.core.server.ServerMetrics.SERVER_POOL_MAX;
import static dev.loomlab.core.server.ServerMetrics.SERVER_POOL_PENDING;
import static dev.loomlab.core.server.ServerMetrics.SERVER_REQUESTS_IN_FLIGHT;
import static dev.loomlab.core.server.ServerMetrics.SERVER_THREADS_BUSY;
import static dev.loomlab.core.server.ServerMetrics.SERVER_THREADS_MAX;
import static dev.loomlab.core.server.ServerMetrics.SERVER_TIMER_LATE_RECENT_P99_MS;
import static dev.loomlab.core.server.ServerMetrics.SERVER_VT_MOUNTED;
import static dev.loomlab.core.server.ServerMetrics.SERVER_VT_POOL_SIZE;
import static dev.loomlab.core.server.ServerMetrics.SERVER_VT_QUEUED;
import static dev.loomlab.core.server.ServerMetrics.stat;

/**
 * What a server that {@code serve} started reports of its own saturation through its control channel
 * ({@link ServerSaturation}, whose keys core's {@code ServerMetrics} declares), as the {@code --metrics-port} gauges
 * show it: each figure as the server read it at its reply, NaN where the server has none, and the share of the time
 * between two reads that its stop-the-world collections took. Each {@link #read} asks the server once; {@code serve}
 * reads at its /proc sampler's pace, once a second, and that sampler's lock keeps reads one at a time.
 */
final class ServedSaturation {
    /**
     * The server's saturation at one read; NaN for a figure it does not report.
     *
     * @param gcPauseRatio the stop-the-world collections' time over the wall time since the previous read, 0..1
     */
    record Figures(double threadsBusy, double threadsMax, double requestsInFlight, double poolActive, double poolPending,
                   double poolMax, double gcPauseRatio, double vtPoolSize, double vtMounted, double vtQueued,
                   double timerLateMs) {
        /** A server that did not answer. */
        static final Figures NONE = new Figures(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    private final Supplier<Map<String, Double>> stats;
    private double lastPauseMs = Double.NaN;
    private long lastNanos;

    /** @param stats asks the server for its {@code stats} reply */
    ServedSaturation(Supplier<Map<String, Double>> stats) {
        this.stats = stats;
    }

    /** Asks the server now; all NaN when it does not answer (it has exited, or the reply did not come). */
    Figures read() {
        Map<String, Double> s;
        try {
            s = stats.get();
        } catch (RuntimeException gone) {
            // the server's exit is serve's to report; the gauges only go blank
            return Figures.NONE;
        }
        long now = System.nanoTime();
        double pauseMs = figure(s, SERVER_GC_PAUSE_MS);
        double ratio = Double.NaN;
        // A total that fell was reset by someone else: that interval has no share.
        if (!Double.isNaN(pauseMs) && !Double.isNaN(lastPauseMs) && pauseMs >= lastPauseMs && now > lastNanos) {
            ratio = Math.min(1, (pauseMs - lastPauseMs) / ((now - lastNanos) / 1e6));
        }
        lastPauseMs = pauseMs;
        lastNanos = now;
        return new Figures(figure(s, SERVER_THREADS_BUSY), figure(s, SERVER_THREADS_MAX), figure(s, SERVER_REQUESTS_IN_FLIGHT),
                figure(s, SERVER_POOL_ACTIVE), figure(s, SERVER_POOL_PENDING), figure(s, SERVER_POOL_MAX), ratio,
                figure(s, SERVER_VT_POOL_SIZE), figure(s, SERVER_VT_MOUNTED), figure(s, SERVER_VT_QUEUED),
                figure(s, SERVER_TIMER_LATE_RECENT_P99_MS));
    }

    /** {@code key}'s figure in a stats reply, read from its field (core's {@code ServerMetrics.stat}); NaN when absent. */
    private static double figure(Map<String, Double> stats, MetricKey key) {
        Double v = stats.get(stat(key));
        return v == null ? Double.NaN : v;
    }
}
