package dev.loomlab.core.memory;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.LOWER_BETTER;
import static dev.loomlab.core.stats.Direction.NEITHER;

/** The keys of scenario {@code memory}'s figures: what threads parked at once cost ({@link MemoryWorkload}). */
public final class MemoryMetrics {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    public static final MetricKey START_PARK_MS = KEYS.add("start_park_ms", Unit.MS, LOWER_BETTER,
            "the time to start the threads and have them all parked");
    public static final MetricKey PARKED_PER_S = KEYS.add("parked_per_s", Unit.PER_S, HIGHER_BETTER,
            "threads started and parked per second");
    /** The score: heap and native memory per parked thread, bytes. */
    public static final MetricKey BYTES_PER_THREAD = KEYS.add("bytes_per_thread", Unit.BYTES_PER_THREAD, LOWER_BETTER,
            "heap used plus native memory committed per parked thread");
    public static final MetricKey HEAP_BYTES_PER_THREAD = KEYS.add("heap_bytes_per_thread", Unit.BYTES_PER_THREAD,
            LOWER_BETTER, "heap used per parked thread");
    public static final MetricKey NATIVE_BYTES_PER_THREAD = KEYS.add("native_bytes_per_thread", Unit.BYTES_PER_THREAD,
            LOWER_BETTER, "native memory committed (NMT) per parked thread");
    public static final MetricKey RSS_BYTES_PER_THREAD = KEYS.add("rss_bytes_per_thread", Unit.BYTES_PER_THREAD,
            LOWER_BETTER, "resident set growth per parked thread");
    public static final MetricKey HEAP_USED_DELTA_MB = KEYS.add("heap_used_delta_mb", Unit.MB, LOWER_BETTER,
            "heap used with the threads parked, less before");
    public static final MetricKey HEAP_COMMITTED_DELTA_MB = KEYS.add("heap_committed_delta_mb", Unit.MB, LOWER_BETTER,
            "heap committed with the threads parked, less before");
    public static final MetricKey NATIVE_COMMITTED_DELTA_MB = KEYS.add("native_committed_delta_mb", Unit.MB, LOWER_BETTER,
            "native memory committed (NMT) with the threads parked, less before");
    public static final MetricKey THREAD_STACKS_COMMITTED_DELTA_MB = KEYS.add("thread_stacks_committed_delta_mb", Unit.MB,
            LOWER_BETTER, "thread stacks committed (NMT) with the threads parked, less before");
    public static final MetricKey RSS_MB = KEYS.add("rss_mb", Unit.MB, LOWER_BETTER,
            "the resident set with the threads parked");
    public static final MetricKey THREADS_PARKED = KEYS.add("threads_parked", Unit.COUNT, NEITHER,
            "threads parked at once");
    /** Platform threads the machine allowed before it refused one (platform only). */
    public static final MetricKey PLATFORM_CEILING = KEYS.add("platform_ceiling", Unit.COUNT, NEITHER, Owner.MACHINE,
            "platform threads the machine let start before it refused one");

    public static final List<MetricKey> ALL = KEYS.all();

    private MemoryMetrics() {
    }
}
