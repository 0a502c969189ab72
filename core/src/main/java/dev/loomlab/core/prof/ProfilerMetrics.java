package dev.loomlab.core.prof;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of the figures a profiler adds to every measured iteration: {@code --prof gc}'s churn per heap
 * pool ({@code <pool>} is the pool's name in snake case, e.g. {@code g1_eden_space}). Its allocation and
 * collection figures are the standard ones ({@link dev.loomlab.core.stats.Metric}).
 */
public final class ProfilerMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey GC_CHURN_MB = KEYS.add("gc_churn_<pool>_mb", Unit.MB, LOWER_BETTER,
            "--prof gc: the heap the iteration's collections freed from one pool (JMH's gc.churn)");
    public static final MetricKey GC_CHURN_RATE_MB_PER_S = KEYS.add("gc_churn_<pool>_rate_mb_per_s", Unit.MB_PER_S,
            NEITHER, "--prof gc: the heap the collections freed from one pool per second of the span");

    public static final List<MetricKey> ALL = KEYS.all();

    private ProfilerMetrics() {
    }
}
