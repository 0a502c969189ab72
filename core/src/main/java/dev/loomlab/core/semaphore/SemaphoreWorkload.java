package dev.loomlab.core.semaphore;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.MetricKeys;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.core.workload.BlockingWorkload;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.TaskWorkload;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Each task makes one call to a {@link LimitedDownstream}. A rejected call is an outcome, not a failure:
 * it is counted. Validation: every task completed with an outcome; no call rejected when overflow
 * queues; the downstream never held more than its limit; every served call took at least the latency.
 * Metrics {@code calls_completed}, {@code calls_rejected} (completed + rejected = tasks) and
 * {@code downstream_peak_concurrency}.
 */
public final class SemaphoreWorkload extends BlockingWorkload {
    private static final MetricKeys KEYS = new MetricKeys(Owner.TRIAL);
    public static final MetricKey CALLS_COMPLETED = KEYS.add("calls_completed", Unit.COUNT, Direction.HIGHER_BETTER,
            "calls the limited downstream served");
    public static final MetricKey CALLS_REJECTED = KEYS.add("calls_rejected", Unit.COUNT, Direction.LOWER_BETTER,
            "calls the limited downstream refused at once (overflow=reject)");
    public static final MetricKey DOWNSTREAM_PEAK_CONCURRENCY = KEYS.add("downstream_peak_concurrency", Unit.COUNT,
            Direction.NEITHER, "the most calls the downstream served at once");
    public static final List<MetricKey> METRICS = KEYS.all();

    private static final byte NONE = 0;
    private static final byte SERVED = 1;
    private static final byte REJECTED = 2;

    private final int limit;
    private final long latencyNanos;
    private final Overflow overflow;
    private final LimitedDownstream downstream;
    private final byte[] outcomes;

    /** @param latencyNanos how long a served call takes, ns */
    public SemaphoreWorkload(int tasks, int limit, long latencyNanos, Overflow overflow) {
        super(tasks);
        this.limit = limit;
        this.latencyNanos = latencyNanos;
        this.overflow = overflow;
        this.downstream = new LimitedDownstream(limit, Duration.ofNanos(latencyNanos), overflow);
        this.outcomes = new byte[tasks];
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> outcomes[index] = downstream.call() ? SERVED : REJECTED;
    }

    @Override
    public void prepare() {
        Arrays.fill(outcomes, NONE);
        downstream.resetPeak();
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        int rejected = 0;
        for (int i = 0; i < outcomes.length; i++) {
            if (outcomes[i] == NONE) {
                throw new ValidationException("task " + i + " has no call outcome");
            }
            if (outcomes[i] == REJECTED) {
                rejected++;
            } else if (clock.latencyNanos(i) < latencyNanos) {
                throw new ValidationException("call " + i + " was served in " + clock.latencyNanos(i)
                        + " ns, less than the downstream's latency of " + Units.formatDuration(latencyNanos));
            }
        }
        if (overflow == Overflow.QUEUE && rejected > 0) {
            throw new ValidationException(rejected + " calls rejected although the downstream queues");
        }
        if (downstream.peakConcurrency() > limit) {
            throw new ValidationException("the downstream held " + downstream.peakConcurrency()
                    + " calls at once, above its limit of " + limit);
        }
    }

    @Override
    public Map<String, Double> collect(TaskClock clock) {
        int rejected = 0;
        for (byte o : outcomes) {
            if (o == REJECTED) {
                rejected++;
            }
        }
        return Map.of(CALLS_COMPLETED.name(), (double) (tasks() - rejected), CALLS_REJECTED.name(), (double) rejected,
                DOWNSTREAM_PEAK_CONCURRENCY.name(), (double) downstream.peakConcurrency());
    }
}
