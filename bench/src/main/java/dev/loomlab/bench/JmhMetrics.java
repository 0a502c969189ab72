package dev.loomlab.bench;

import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.MetricProvider;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;

import java.util.List;

import static dev.loomlab.core.stats.Direction.HIGHER_BETTER;
import static dev.loomlab.core.stats.Direction.LOWER_BETTER;

/**
 * The keys of the JMH scenarios' figures: each benchmark's score per measured iteration, and the rates
 * derived from it. JMH measures in forks of its own, the trial JVM's children.
 */
public final class JmhMetrics implements MetricProvider {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);

    /** thread-start's score: starting and awaiting a batch of threads, ms. */
    public static final MetricKey BATCH_MS = KEYS.add("batch_ms", Unit.MS, LOWER_BETTER,
            "thread-start: start N threads doing trivial work and await them (JMH score, ms per batch)");
    /** thread-create's score: one thread created, started and joined, µs. */
    public static final MetricKey THREAD_US = KEYS.add("thread_us", Unit.US, LOWER_BETTER,
            "thread-create: create, start and join one thread (JMH score, µs per thread)");
    public static final MetricKey THREADS_PER_S = KEYS.add("threads_per_s", Unit.PER_S, HIGHER_BETTER,
            "thread-create: threads created, started and joined per second (1 / thread_us)");
    /** handoff's score: the time per hand-off a pair sees while all pairs run, µs. */
    public static final MetricKey HANDOFF_US = KEYS.add("handoff_us", Unit.US, LOWER_BETTER,
            "handoff: the time per hand-off a pair of threads sees while all pairs run (JMH score)");
    public static final MetricKey SWITCH_COST_US = KEYS.add("switch_cost_us", Unit.US, LOWER_BETTER,
            "handoff: handoff_us / pairs, the machine's wall time per hand-off (article 003's switch latency)");
    public static final MetricKey HANDOFFS_PER_S = KEYS.add("handoffs_per_s", Unit.PER_S, HIGHER_BETTER,
            "handoff: hand-offs per second over all pairs");

    public static final List<MetricKey> ALL = KEYS.all();

    @Override
    public List<MetricKey> metrics() {
        return ALL;
    }
}
