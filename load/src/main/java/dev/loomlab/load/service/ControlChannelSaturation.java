package dev.loomlab.load.service;

import java.util.Map;
import java.util.function.Supplier;

/**
 * A loomlab server's saturation as its {@code stats} reply tells it ({@link SaturationNames}): the web scenario's server,
 * asked through the channel it already answers on, so no metrics endpoint is needed. Each read asks it once.
 */
public final class ControlChannelSaturation implements SaturationSource {
    private final Supplier<Map<String, Double>> stats;

    /** @param stats asks the server for its {@code stats} reply (it may throw when the server has gone) */
    public ControlChannelSaturation(Supplier<Map<String, Double>> stats) {
        this.stats = stats;
    }

    @Override
    public Saturation read() {
        long now = System.nanoTime();
        Map<String, Double> s;
        try {
            s = stats.get();
        } catch (RuntimeException gone) {
            // a server that died is the trial's to report, when it asks for the counters after the load
            return Saturation.nothing(now);
        }
        return of(s, now);
    }

    /** The saturation a {@code stats} reply tells, read at {@code nanos}. */
    static Saturation of(Map<String, Double> s, long nanos) {
        return new Saturation(nanos, get(s, SaturationNames.STATS_THREADS_BUSY), get(s, SaturationNames.STATS_THREADS_MAX),
                get(s, SaturationNames.STATS_POOL_ACTIVE), get(s, SaturationNames.STATS_POOL_PENDING),
                get(s, SaturationNames.STATS_POOL_MAX), Double.NaN, get(s, SaturationNames.STATS_CPU_MS) / 1000, Double.NaN,
                Double.NaN, get(s, SaturationNames.STATS_GC_PAUSE_MS) / 1000, get(s, SaturationNames.STATS_VT_QUEUED),
                get(s, SaturationNames.STATS_TIMER_LATE_MS));
    }

    private static double get(Map<String, Double> stats, String field) {
        Double v = stats.get(field);
        return v == null ? Double.NaN : v;
    }

    @Override
    public String describe() {
        return "the server's control channel";
    }
}
