package dev.loomlab.core.threadlocal;

import dev.loomlab.core.model.BlockingTask;
import dev.loomlab.core.model.TaskClock;
import dev.loomlab.core.stats.Direction;
import dev.loomlab.core.stats.MetricKey;
import dev.loomlab.core.stats.Owner;
import dev.loomlab.core.stats.Unit;
import dev.loomlab.core.workload.BlockingWorkload;
import dev.loomlab.core.workload.NotApplicableException;
import dev.loomlab.core.workload.ValidationException;
import dev.loomlab.core.workload.TaskWorkload;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each task gets an {@link ExpensiveObject} from a {@link CacheStrategy}, optionally blocks while holding
 * it ({@code sleep}), uses it and gives it back. Validation: every task's value is the one expected, and
 * the objects made fit the strategy (one per task; at most the pool's size; at least one per thread-local).
 * Metric {@code objects_created}: expensive objects made during the iteration.
 */
public final class ThreadLocalWorkload extends BlockingWorkload {
    public static final MetricKey OBJECTS_CREATED = new MetricKey("objects_created", Unit.COUNT, Direction.LOWER_BETTER,
            Owner.TRIAL, "expensive objects made during the iteration");

    private final ExpensiveObject object;
    private final CacheStrategy strategy;
    private final int poolSize;
    private final Duration sleep;
    private final long[] expected = new long[ExpensiveObject.SEEDS];
    private final long[] values;
    private final AtomicInteger created = new AtomicInteger();
    private final Object spare;
    private final ScopedBinding binding;
    private volatile CacheStrategy.Source source;

    /** @param sleepNanos how long a task blocks while it holds the object, ns (0 = not at all) */
    public ThreadLocalWorkload(int tasks, ExpensiveObject object, CacheStrategy strategy, int poolSize, long sleepNanos) {
        super(tasks);
        this.object = object;
        this.strategy = strategy;
        this.poolSize = poolSize;
        this.sleep = Duration.ofNanos(sleepNanos);
        this.values = new long[tasks];
        this.binding = strategy == CacheStrategy.SCOPEDVALUE ? ScopedBinding.find().orElseThrow(() -> new NotApplicableException(
                "cache=scopedvalue needs JDK 25, where ScopedValue is final: this trial runs Java " + Runtime.version().feature()))
                : null;
        this.spare = object.create();
        for (int s = 0; s < expected.length; s++) {
            expected[s] = object.use(spare, s);
        }
    }

    @Override
    public BlockingTask blockingTask() {
        return index -> {
            CacheStrategy.Source from = source;
            Object o = from.acquire();
            try {
                if (!sleep.isZero()) {
                    Thread.sleep(sleep);
                }
                int seed = index % ExpensiveObject.SEEDS;
                values[index] = from.use(o, bound -> object.use(bound, seed));
            } finally {
                from.release(o);
            }
        };
    }

    /** The use alone, with an object made beforehand: how the bound's serial time is measured. */
    @Override
    public Optional<BlockingTask> cpuPart() {
        return Optional.of(index -> values[index] = object.use(spare, index % ExpensiveObject.SEEDS));
    }

    @Override
    public void prepare() {
        Arrays.fill(values, -1L);
        created.set(0);
        source = strategy.newSource(() -> {
            created.incrementAndGet();
            return object.create();
        }, poolSize, binding);
    }

    @Override
    public void validate(TaskClock clock) throws ValidationException {
        TaskWorkload.requireAllCompleted(clock);
        for (int i = 0; i < values.length; i++) {
            if (values[i] != expected[i % ExpensiveObject.SEEDS]) {
                throw new ValidationException("task " + i + " computed " + values[i] + ", expected "
                        + expected[i % ExpensiveObject.SEEDS]);
            }
        }
        int made = created.get();
        boolean fits = switch (strategy) {
            case PER_TASK, SCOPEDVALUE -> made == tasks();
            case POOL -> made >= 1 && made <= poolSize;
            case THREADLOCAL -> made >= 1 && made <= tasks();
        };
        if (!fits) {
            throw new ValidationException(made + " objects made for " + tasks() + " tasks with cache=" + strategy.word()
                    + (strategy == CacheStrategy.POOL ? " of size " + poolSize : ""));
        }
    }

    @Override
    public Map<String, Double> collect(TaskClock clock) {
        return Map.of(OBJECTS_CREATED.name(), (double) created.get());
    }
}
