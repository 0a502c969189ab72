package dev.loomlab.core.scheduler;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/** What the {@code starvation} scenario measures each iteration. */
public final class StarvationMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey LATENESS_P50 = KEYS.add("lateness_p50_ms", Unit.MS, LOWER_BETTER,
            "how late a latency-sensitive thread's periodic sleep woke against its deadline, median of the iteration's wake-ups");
    /** The score: the sleepers' 99th-percentile lateness. */
    public static final MetricKey LATENESS_P99 = KEYS.add("lateness_p99_ms", Unit.MS, LOWER_BETTER,
            "how late a latency-sensitive thread's periodic sleep woke, 99th percentile of the iteration's wake-ups");
    public static final MetricKey LATENESS_MAX = KEYS.add("lateness_max_ms", Unit.MS, LOWER_BETTER,
            "how late a latency-sensitive thread's periodic sleep woke, the latest of the iteration's wake-ups");
    public static final MetricKey WAKEUPS = KEYS.add("wakeups", Unit.COUNT, NEITHER,
            "the sleepers' wake-ups timed while the hogs computed");
    public static final MetricKey HOGS_WALL_MS = KEYS.add("hogs_wall_ms", Unit.MS, LOWER_BETTER,
            "from the hogs' start until the last one finished its work");
    public static final MetricKey HOG_CORES = KEYS.add("hog_cores", Unit.COUNT, HIGHER_BETTER,
            "the hogs' throughput as the cores' worth of computation they got: hogs × hog-work ÷ hogs_wall_ms");
    public static final MetricKey HOG_YIELDS = KEYS.add("hog_yields", Unit.COUNT, NEITHER,
            "Thread.yield() calls the hogs made (yield-every)");
    public static final List<MetricKey> ALL = KEYS.all();

    private StarvationMetrics() {
    }
}
