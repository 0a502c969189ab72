package dev.loomlab.core.pinning;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/**
 * The keys of what a JFR recording of {@code jdk.VirtualThreadPinned} measures in scenarios that record
 * pinning ({@code Trait.RECORDS_PINNING}: pinning, task, db), and scenario pinning's own bound.
 */
public final class PinningMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    /** JFR {@code jdk.VirtualThreadPinned} events of the iteration. */
    public static final MetricKey PINNED_EVENTS = KEYS.add("pinned_events", Unit.COUNT, LOWER_BETTER,
            "JFR jdk.VirtualThreadPinned events of the iteration (threshold 0)");
    /** Total duration of those events, ms. */
    public static final MetricKey PINNED_TIME_MS = KEYS.add("pinned_time_ms", Unit.MS, LOWER_BETTER,
            "the pinned events' total duration");
    /** {@code ceil(tasks / carriers) × hold}: the best time if every blocked task holds its carrier, ms. */
    public static final MetricKey PINNED_BOUND_MS = KEYS.add("pinned_bound_ms", Unit.MS, NEITHER,
            "pinning: ceil(tasks / carriers) × hold, the best time if every blocked task holds its carrier");

    /** What every scenario that records pinning reports. */
    public static final List<MetricKey> RECORDED = List.of(PINNED_EVENTS, PINNED_TIME_MS);
    public static final List<MetricKey> ALL = KEYS.all();

    private PinningMetrics() {
    }
}
