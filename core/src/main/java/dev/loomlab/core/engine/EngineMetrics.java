package dev.loomlab.core.engine;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of a load engine's own footprint when it runs in a JVM of its own (JMeter), read from outside
 * over the load; loomlab's own generator shows in the trial's {@code cpu_util_pct}, {@code peak_rss_mb},
 * {@code threads_peak}. Declared beside the engine's protocol because module load produces them and the
 * reports read them.
 */
public final class EngineMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.LOAD);

    /** The engine JVM's CPU time over the load, as a share of all cores, %. */
    public static final MetricKey ENGINE_CPU_PCT = KEYS.add("engine_cpu_pct", Unit.PCT, NEITHER,
            "the engine JVM's CPU time / (wall time × cores) over the load");
    /** The engine JVM's peak resident set, MB. */
    public static final MetricKey ENGINE_PEAK_RSS_MB = KEYS.add("engine_peak_rss_mb", Unit.MB, LOWER_BETTER,
            "the engine JVM's peak resident set over the load");
    /** The engine JVM's peak live threads. */
    public static final MetricKey ENGINE_THREADS_PEAK = KEYS.add("engine_threads_peak", Unit.COUNT, NEITHER,
            "the engine JVM's peak live threads over the load");

    public static final List<MetricKey> ALL = KEYS.all();

    private EngineMetrics() {
    }
}
