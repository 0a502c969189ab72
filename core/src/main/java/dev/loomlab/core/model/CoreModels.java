package dev.loomlab.core.model;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;

/**
 * Core's blocking models, one line each: platform pools, a cached pool, a thread per task, virtual
 * threads (through an executor, started directly, or bounded by a semaphore), CompletableFuture on a
 * pool, and fork/join. Each creates its threads inside {@code runAll} and releases them before
 * returning, as the articles' {@code try (var executor = …)} blocks do.
 */
public final class CoreModels implements ModelProvider {
    private static final ServingThread PLATFORM = ServingThread.PLATFORM;
    private static final ServingThread VIRTUAL = ServingThread.VIRTUAL;

    static final List<BlockingKind> KINDS = List.of(
            new BlockingKind("platform", Sizing.OPTIONAL, PLATFORM,
                    "fixed pool of N platform threads (Executors.newFixedThreadPool); unsized: one platform thread",
                    m -> executor(() -> Executors.newFixedThreadPool(m.requireSize()))),
            new BlockingKind("platform-cached", Sizing.NONE, PLATFORM, "cached pool of platform threads, grows on demand",
                    m -> executor(Executors::newCachedThreadPool)),
            new BlockingKind("thread-per-task", Sizing.NONE, PLATFORM, "a new platform thread for every task",
                    m -> executor(() -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()))),
            new BlockingKind("virtual", Sizing.NONE, VIRTUAL,
                    "a virtual thread per task (newVirtualThreadPerTaskExecutor); as a thread kind, one virtual thread;"
                            + " virtual:parallelism=N sets the scheduler's carriers",
                    m -> executor(Executors::newVirtualThreadPerTaskExecutor)),
            new BlockingKind("virtual-direct", Sizing.NONE, VIRTUAL, "a virtual thread started per task and joined, no executor",
                    m -> CoreModels::startAndJoin),
            new BlockingKind("completable", Sizing.REQUIRED, PLATFORM,
                    "CompletableFuture.runAsync on a fixed pool of N platform threads", m -> completable(m.requireSize())),
            new BlockingKind("virtual-bounded", Sizing.REQUIRED, VIRTUAL,
                    "a virtual thread per task, at most N at once behind a Semaphore", m -> bounded(m.requireSize())),
            // Tasks that block without a ManagedBlocker (Thread.sleep) hold their worker: a pool of N.
            new BlockingKind("forkjoin", Sizing.REQUIRED, PLATFORM, "a ForkJoinPool of parallelism N",
                    m -> executor(() -> new ForkJoinPool(m.requireSize()))));

    @Override
    public List<ModelKind> kinds() {
        return KINDS.stream().flatMap(k -> k.kinds().stream()).toList();
    }

    @Override
    public List<RunnerBinding<?>> runners() {
        return KINDS.stream().flatMap(k -> k.runners().stream()).toList();
    }

    /** Every task submitted to a fresh executor, which is closed: close() waits for every task. */
    private static BlockingRunner executor(java.util.function.Supplier<ExecutorService> executors) {
        return (task, clock) -> {
            try (ExecutorService executor = executors.get()) {
                for (int i = 0, n = clock.tasks(); i < n; i++) {
                    int index = i;
                    clock.submitted(index);
                    executor.execute(() -> clock.run(index, task));
                }
            }
        };
    }

    /** A virtual thread started per task and joined: the least bookkeeping virtual threads allow. */
    private static void startAndJoin(BlockingTask task, TaskClock clock) throws InterruptedException {
        Thread[] threads = new Thread[clock.tasks()];
        for (int i = 0; i < threads.length; i++) {
            int index = i;
            clock.submitted(index);
            threads[i] = Thread.startVirtualThread(() -> clock.run(index, task));
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /** Each task a CompletableFuture.runAsync on a fixed pool of {@code size}. */
    private static BlockingRunner completable(int size) {
        return (task, clock) -> {
            try (ExecutorService pool = Executors.newFixedThreadPool(size)) {
                CompletableFuture<?>[] all = new CompletableFuture<?>[clock.tasks()];
                for (int i = 0; i < all.length; i++) {
                    int index = i;
                    clock.submitted(index);
                    all[i] = CompletableFuture.runAsync(() -> clock.run(index, task), pool);
                }
                CompletableFuture.allOf(all).join();
            }
        };
    }

    /**
     * A virtual thread per task, at most {@code permits} past a Semaphore at once — article 004's advice
     * for limiting concurrency instead of pooling virtual threads. A task's latency includes its wait.
     */
    private static BlockingRunner bounded(int permits) {
        BlockingRunner virtual = executor(Executors::newVirtualThreadPerTaskExecutor);
        return (task, clock) -> {
            Semaphore semaphore = new Semaphore(permits);
            virtual.runAll(index -> {
                semaphore.acquire();
                try {
                    task.run(index);
                } finally {
                    semaphore.release();
                }
            }, clock);
        };
    }
}
