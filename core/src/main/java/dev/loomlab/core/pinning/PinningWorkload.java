package dev.loomlab.core.pinning;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.model.Bounds;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.core.workload.BlockingWorkload;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.TaskWorkload;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Each task blocks for {@code hold} inside its own lock of one {@link LockKind}. Validation: every task
 * completed and none sooner than its hold. When every task ran on a virtual thread, the iteration also
 * reports {@code pinned_bound_ms}: ceil(tasks / carriers) × hold, the best time if each blocked task
 * pinned its carrier.
 */
public final class PinningWorkload extends BlockingWorkload {
    public static final MetricKey PINNED_BOUND_MS = new MetricKey("pinned_bound_ms", Unit.MS, Direction.NEITHER, Owner.TRIAL,
            "pinning: ceil(tasks / carriers) × hold, the best time if every blocked task holds its carrier");

    private final long holdNanos;
    private final LockedHold lock;
    private final boolean[] onVirtualThread;
    private final int carriers;

    /**
     * @param holdNanos how long each task blocks inside its lock, ns
     * @throws dev.loomlab.core.workload.NotApplicableException when this JVM cannot make the lock kind
     */
    public PinningWorkload(int tasks, long holdNanos, LockKind kind) {
        super(tasks);
        this.holdNanos = holdNanos;
        this.lock = kind.create(tasks, Duration.ofNanos(holdNanos));
        this.onVirtualThread = new boolean[tasks];
        this.carriers = schedulerParallelism();
    }

    /** The virtual-thread scheduler's parallelism: its system property, or the available processors. */
    static int schedulerParallelism() {
        int cores = Runtime.getRuntime().availableProcessors();
        Integer set = Integer.getInteger("jdk.virtualThreadScheduler.parallelism", cores);
        return set > 0 ? set : cores;
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> {
            onVirtualThread[index] = Thread.currentThread().isVirtual();
            lock.hold(index);
        };
    }

    @Override
    public void prepare() {
        Arrays.fill(onVirtualThread, false);
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllWaited(clock, holdNanos, "hold");
    }

    @Override
    public Map<String, Double> collect(TaskClock clock) {
        for (boolean virtual : onVirtualThread) {
            if (!virtual) {
                return Map.of();
            }
        }
        return Map.of(PINNED_BOUND_MS.name(), Bounds.waiting(tasks(), Units.nanosToMillis(holdNanos), carriers));
    }
}
