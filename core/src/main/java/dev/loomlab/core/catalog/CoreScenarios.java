package dev.loomlab.core.catalog;

import dev.loomlab.core.memory.MemoryMetrics;
import dev.loomlab.core.task.UserTask;
import dev.loomlab.core.task.UserTaskWorkload;

import dev.loomlab.core.fanout.FanoutWorkload;
import dev.loomlab.core.memory.MemoryWorkload;
import dev.loomlab.core.memory.PlatformThreadCeiling;
import dev.loomlab.core.memory.StackDescent;
import dev.loomlab.core.model.Model;
import dev.loomlab.core.model.ServingThread;
import dev.loomlab.core.param.Choice;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamType;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.pinning.LockKind;
import dev.loomlab.core.pinning.PinningWorkload;
import dev.loomlab.core.scenario.Bound;
import dev.loomlab.core.scenario.BoundContext;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.model.Bounds;
import dev.loomlab.core.scenario.Scenario;
import dev.loomlab.core.scenario.ScenarioDescription;
import dev.loomlab.core.scenario.ScenarioProvider;
import dev.loomlab.core.scenario.Trait;
import dev.loomlab.core.scheduler.StarvationScenario;
import dev.loomlab.core.semaphore.Overflow;
import dev.loomlab.core.semaphore.SemaphoreWorkload;
import dev.loomlab.core.threadlocal.CacheStrategy;
import dev.loomlab.core.threadlocal.ExpensiveObject;
import dev.loomlab.core.threadlocal.ThreadLocalWorkload;
import dev.loomlab.core.workload.CpuWorkload;
import dev.loomlab.core.workload.FailedCalls;
import dev.loomlab.core.workload.MixedWorkload;
import dev.loomlab.core.workload.SleepWorkload;

import java.time.Duration;
import java.util.List;

/**
 * Core's scenarios, each one description and its workload: sleep, cpu-sqrt, cpu-pi, mixed, fanout,
 * memory, and article 004's cautions pinning, semaphore and threadlocal. Their suite entries are in
 * {@code loomlab/suites/*.suite}, the articles' figures in {@code loomlab/articles/*.json}.
 */
public final class CoreScenarios implements ScenarioProvider {
    /** Heap a parked virtual thread takes at depth 1, bytes: 597–690 measured (docs/microbenchmarks.md). */
    private static final long VIRTUAL_THREAD_BYTES = 700;
    /** Heap each further frame of a parked virtual thread adds, bytes: about 3.1 KB at depth 50. */
    private static final long VIRTUAL_FRAME_BYTES = 50;

    @Override
    public List<Scenario> scenarios() {
        return List.of(sleep(), cpuSqrt(), cpuPi(), mixed(), fanout(), memory(), pinning(), semaphore(),
                threadLocal(), task(), StarvationScenario.scenario());
    }

    /** Article 004's sleep experiment and article 002's IO task. */
    private static Scenario sleep() {
        return Scenario.of(ScenarioDescription.named("sleep")
                        .summary("tasks that each block in Thread.sleep: the pool size caps concurrency, virtual threads do not")
                        .reproduces("004", "sleep experiment").reproduces("002", "IO task")
                        .params(ParamSpec.tasks("10000"), ParamSpec.duration("sleep", "300ms", "how long each task sleeps"))
                        .models("virtual", "platform:200", "platform:500", "platform:800", "platform:1000")
                        .bound(Bound.waiting("tasks", "sleep"))
                        .build(),
                p -> new SleepWorkload(p.intCount("tasks"), p.durationNanos("sleep")));
    }

    /** Article 000's CPU-bound experiment: Σ √i for i = 1 … n per task. */
    private static Scenario cpuSqrt() {
        return Scenario.of(computing("cpu-sqrt")
                        .summary("CPU-bound tasks (sum of square roots): scheduling overhead of a core-sized pool vs virtual threads")
                        .reproduces("000", "§3, CPU-bound")
                        .params(ParamSpec.tasks("1000"), ParamSpec.count("n", "1000000", 1, "each task sums the square roots of 1..n"))
                        .models("platform:cores", "virtual")
                        .build(),
                p -> new CpuWorkload(p.intCount("tasks"), p.count("n"), CpuWorkload::sqrtSum));
    }

    /** Article 002's CPU task: the Leibniz series for π per task. */
    private static Scenario cpuPi() {
        return Scenario.of(computing("cpu-pi")
                        .summary("CPU-bound tasks (Leibniz series for pi): virtual threads bring throughput, not speed")
                        .reproduces("002", "CPU task")
                        .params(ParamSpec.tasks("10000"), ParamSpec.count("terms", "20000000", 1, "terms of the Leibniz series each task sums"))
                        .models("platform:200", "virtual")
                        .build(),
                p -> new CpuWorkload(p.intCount("tasks"), p.count("terms"), CpuWorkload::leibnizPi));
    }

    /**
     * A user's own task ({@code --task CLASS --classpath CP}), {@code tasks} calls per iteration under each
     * model, bound by one call timed alone (docs/your-code.md).
     */
    private static Scenario task() {
        List<ParamSpec> own = List.of(ParamSpec.tasks("1000"),
                ParamSpec.text(TASK, "", "the task's class (--task): a Runnable, Callable or Supplier<CompletionStage>"),
                ParamSpec.text(CLASSPATH, "", "where it is (--classpath): folders, jars, DIR/*; empty: loomlab's own"));
        List<ParamSpec> all = new java.util.ArrayList<>(own);
        all.add(ParamSpec.others("a parameter of the task itself, handed to its (Map<String, String>) constructor"));
        return Scenario.checked(ScenarioDescription.named("task")
                        .summary("your own task class, N calls per iteration under each model, bound by one call timed alone")
                        .params(all)
                        .models("platform:100", "virtual")
                        .bound(Bound.calibrated("tasks"))
                        .traits(Trait.SERIAL_TIMING, Trait.SCHEDULING_OVERHEAD, Trait.RECORDS_PINNING)
                        .metrics(FailedCalls.METRIC)
                        .build(),
                p -> UserTask.load(p.text(CLASSPATH), p.text(TASK), p.others(own)),
                p -> new UserTaskWorkload(p.intCount("tasks"), UserTask.load(p.text(CLASSPATH), p.text(TASK), p.others(own)),
                        p.others(own)));
    }

    /** Parameter of scenario {@code task}: the task's class name. */
    public static final String TASK = "task";
    /** Parameter of scenario {@code task}: its class path. */
    public static final String CLASSPATH = "classpath";

    /** A scenario of pure computation: the CPU bound, timed serially, and the scheduling overhead beyond it. */
    private static ScenarioDescription.Builder computing(String name) {
        return ScenarioDescription.named(name).bound(Bound.computing("tasks"))
                .traits(Trait.SERIAL_TIMING, Trait.SCHEDULING_OVERHEAD);
    }

    /** Article 000's advice for mixed I/O + CPU work (yield), measured rather than asserted. */
    private static Scenario mixed() {
        return Scenario.of(ScenarioDescription.named("mixed")
                        .summary("tasks that sleep then compute; yield-every measures what Thread.yield() buys or costs")
                        .reproduces("000", "§4, mixed IO + CPU: advice, no figures")
                        .params(ParamSpec.tasks("1000"),
                                ParamSpec.duration("sleep", "20ms", "each task's blocking wait, before it computes"),
                                ParamSpec.count("n", "1000000", 0, "each task then sums the square roots of 1..n"),
                                ParamSpec.count("yield-every", "0", 0, "call Thread.yield() every K iterations of the sum (0 = never)"))
                        .models("virtual", "platform:cores", "platform:100")
                        .bound((p, model, context) -> sleepThenCompute(p.intCount("tasks"), p.durationMillis("sleep"),
                                model.limit(), context))
                        .traits(Trait.SERIAL_TIMING)
                        .build(),
                p -> new MixedWorkload(p.intCount("tasks"), p.durationNanos("sleep"), p.count("n"), p.count("yield-every")));
    }

    /**
     * Tasks that each sleep, then compute: the larger of the waiting bound over sleep + compute and one
     * sleep followed by the CPU bound (no computation can start before one sleep has passed).
     */
    private static double sleepThenCompute(int tasks, double sleepMs, int limit, BoundContext context) {
        double cpu = context.serialTaskMs();
        if (Double.isNaN(cpu)) {
            return Double.NaN;
        }
        return Math.max(Bounds.waiting(tasks, sleepMs + cpu, limit), sleepMs + Bounds.computing(tasks, cpu, limit, context.cores()));
    }

    /** Article 001's UserProfileBuilder — one call, then three in parallel — for many profiles at once. */
    private static Scenario fanout() {
        return Scenario.of(ScenarioDescription.named("fanout")
                        .summary("build user profiles: fetch the user, then orders, preferences and notifications in parallel")
                        .reproduces("001", "UserProfileBuilder")
                        .params(ParamSpec.taskCount("profiles", "1000", "profiles built at once per iteration"),
                                ParamSpec.duration("latency", "500ms", "how long each of the four simulated calls takes"),
                                ParamSpec.decimal("failure-rate", "0", 0, 1, "fraction of calls that throw (their profiles count as failed)"))
                        .models("coroutines", "virtual", "virtual-direct", "structured", "reactor", "coroutines-virtual",
                                "coroutines-io", "completable:200")
                        // Up to 4,000,000 virtual threads alive at 1,000,000 profiles need more than the default
                        // quarter of RAM as heap (measured: up to 5 GB peak).
                        .trialJvmArgs("-XX:MaxRAMPercentage=75")
                        .bound(CoreScenarios::fanoutBound)
                        .metrics(FanoutWorkload.METRICS)
                        .build(),
                p -> new FanoutWorkload(p.intCount("profiles"), Duration.ofNanos(p.durationNanos("latency")),
                        p.decimal("failure-rate")));
    }

    /** Two calls one after another (the critical path), and on a model of N, all 4 × profiles calls in waves of N. */
    private static double fanoutBound(ParamValues p, Model model, BoundContext context) {
        double latency = p.durationMillis("latency");
        double waves = Math.ceil(4.0 * p.intCount("profiles") / model.limit()) * latency;
        return Math.max(2 * latency, waves);
    }

    /** What a thread costs in memory (article 003's platform-vs-virtual facts). */
    private static Scenario memory() {
        return Scenario.of(ScenarioDescription.named("memory")
                        .summary("memory per thread: threads that descend depth frames and park; heap, native (NMT) and RSS deltas")
                        .reproduces("003", "platform vs virtual facts: ~1 MB vs ~1 KB stacks; thread start memory")
                        .params(ParamSpec.taskCount("threads", "10000", "threads started and parked at once"),
                                new ParamSpec("depth", ParamType.COUNT, "1", 1, 10_000, "frames each thread descends before it parks"))
                        .models("platform", "virtual")
                        // NMT for the native part; descend keeps a frame per level; heap for 1,000,000 stacks.
                        .trialJvmArgs("-XX:NativeMemoryTracking=summary", StackDescent.DONT_INLINE, "-XX:MaxRAMPercentage=75")
                        .withoutProbes()
                        .metrics(MemoryMetrics.ALL)
                        .score(MemoryMetrics.BYTES_PER_THREAD)
                        .needs(CoreScenarios::memoryNeeds)
                        .build(),
                p -> new MemoryWorkload(p.intCount("threads"), p.intCount("depth")));
    }

    /**
     * Virtual threads: the heap their parked stacks take ({@link #VIRTUAL_THREAD_BYTES}, {@link #VIRTUAL_FRAME_BYTES});
     * platform threads: as many at once, where the machine refuses one the result is not applicable.
     */
    private static MachineNeeds memoryNeeds(ParamValues p, Model model) {
        int threads = p.intCount("threads");
        int depth = p.intCount("depth");
        if (model.threads() == ServingThread.VIRTUAL) {
            long each = VIRTUAL_THREAD_BYTES + VIRTUAL_FRAME_BYTES * (depth - 1);
            return MachineNeeds.NONE.withHeapBytes(MachineNeeds.Need.of(threads * each, "parks " + MachineNeeds.count(threads)
                    + " virtual threads at depth " + depth + ", about " + MachineNeeds.count(each) + " bytes of heap each"));
        }
        if (model.threads() == ServingThread.PLATFORM) {
            return MachineNeeds.NONE.withPlatformThreads(MachineNeeds.Need.of(threads, "parks " + MachineNeeds.count(threads)
                    + " platform threads at once").whenShort(PlatformThreadCeiling.BEYOND));
        }
        return MachineNeeds.NONE;
    }

    /** Article 004's pinning caution, measured on every JDK given (JEP 491 changed synchronized in JDK 24). */
    private static Scenario pinning() {
        return Scenario.of(ScenarioDescription.named("pinning")
                        .summary("virtual threads blocking inside synchronized, ReentrantLock, a native frame, Object.wait or a class initializer: which pin their carrier (JFR)")
                        .reproduces("004", "pinning")
                        .params(ParamSpec.tasks("200"),
                                ParamSpec.duration("hold", "20ms", "how long each task blocks inside its lock"),
                                ParamSpec.choice("lock", LockKind.SYNCHRONIZED,
                                        "where each task blocks, inside its own lock; native needs Java 22+"))
                        .models("virtual")
                        .sweep("lock", String.join(",", Choice.words(LockKind.class)))
                        // lock=native calls into native code (FFM), which Java 24+ warns about unless enabled.
                        .trialJvmArgs("--enable-native-access=ALL-UNNAMED")
                        .bound(Bound.waiting("tasks", "hold"))
                        .traits(Trait.RECORDS_PINNING)
                        .metrics(PinningWorkload.PINNED_BOUND_MS)
                        .build(),
                p -> new PinningWorkload(p.intCount("tasks"), p.durationNanos("hold"), p.choice("lock", LockKind.class)));
    }

    /** Article 004's advice to limit concurrency with a Semaphore (its example: 10 permits) rather than a pool. */
    private static Scenario semaphore() {
        return Scenario.of(ScenarioDescription.named("semaphore")
                        .summary("calls to a downstream that serves at most limit at once, queueing or rejecting the rest: completed, rejected, latency")
                        .reproduces("004", "cautions: limit concurrency with a Semaphore, e.g. 10 permits")
                        .params(ParamSpec.tasks("1000"),
                                ParamSpec.count("limit", "10", 1, "calls the downstream serves at once"),
                                ParamSpec.duration("latency", "20ms", "how long the downstream takes to serve one call"),
                                ParamSpec.choice("overflow", Overflow.QUEUE,
                                        "a call beyond the limit waits for a slot (queue) or is refused at once (reject)"))
                        .models("virtual", "virtual-bounded:10", "platform:10", "platform:100")
                        .sweep("overflow", String.join(",", Choice.words(Overflow.class)))
                        .bound(CoreScenarios::semaphoreBound)
                        .metrics(SemaphoreWorkload.METRICS)
                        .build(),
                p -> new SemaphoreWorkload(p.intCount("tasks"), (int) Math.min(Integer.MAX_VALUE, p.count("limit")),
                        p.durationNanos("latency"), p.choice("overflow", Overflow.class)));
    }

    /**
     * At most min(limit, N) calls are served at once: ceil(tasks / min(limit, N)) × latency. With
     * rejection and a model beyond the limit, calls past it end at once, how many is not known
     * beforehand: the bound is then one latency (the first calls always find a slot).
     */
    private static double semaphoreBound(ParamValues p, Model model, BoundContext context) {
        int tasks = p.intCount("tasks");
        long limit = p.count("limit");
        double latency = p.durationMillis("latency");
        boolean rejects = p.choice("overflow", Overflow.class) == Overflow.REJECT;
        if (rejects && model.limit() > limit && tasks > limit) {
            return latency;
        }
        return Bounds.waiting(tasks, latency, (int) Math.min(limit, model.limit()));
    }

    /** Article 004's caution against caching expensive objects in ThreadLocals. */
    private static Scenario threadLocal() {
        return Scenario.of(ScenarioDescription.named("threadlocal")
                        .summary("an expensive object cached in a ThreadLocal, made per task, or pooled: allocation, heap and time per model")
                        .reproduces("004", "cautions: don't cache expensive objects in ThreadLocals")
                        .params(ParamSpec.tasks("10000"),
                                ParamSpec.choice("object", ExpensiveObject.BUFFER,
                                        "a 64 KB byte[] filled and CRC-32'd (buffer), or a SHA-256 MessageDigest of 1 KB (digest)"),
                                ParamSpec.choice("cache", CacheStrategy.THREADLOCAL,
                                        "cached per thread (threadlocal), made for each task (per-task), or taken from a shared pool (pool)"),
                                ParamSpec.count("pool-size", "8", 1, "objects in the shared pool, for cache=pool"),
                                ParamSpec.duration("sleep", "0ms", "how long a task blocks while it holds the object"))
                        .models("platform:cores", "virtual")
                        .sweep("cache", String.join(",", Choice.words(CacheStrategy.class)))
                        // As mixed, with at most min(N, pool-size) tasks at once when objects come from the pool.
                        // The use is timed alone with an object made beforehand: making objects shows as lost efficiency.
                        .bound((p, model, context) -> sleepThenCompute(p.intCount("tasks"), p.durationMillis("sleep"),
                                p.choice("cache", CacheStrategy.class) == CacheStrategy.POOL
                                        ? (int) Math.min(model.limit(), p.count("pool-size")) : model.limit(), context))
                        .traits(Trait.SERIAL_TIMING)
                        .metrics(ThreadLocalWorkload.OBJECTS_CREATED)
                        .build(),
                p -> new ThreadLocalWorkload(p.intCount("tasks"), p.choice("object", ExpensiveObject.class),
                        p.choice("cache", CacheStrategy.class), (int) Math.min(Integer.MAX_VALUE, p.count("pool-size")),
                        p.durationNanos("sleep")));
    }
}
