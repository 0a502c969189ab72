package dev.loomlab.core.model;

import java.util.List;

/** Core's models of blocking style: platform pools, thread per task, virtual threads, fork/join. */
public final class BlockingModels implements ModelProvider {
    @Override
    public List<ModelKind> kinds() {
        return List.of(
                new ModelKind("platform", true, "fixed pool of N platform threads (Executors.newFixedThreadPool)",
                        size -> new PlatformPoolModel(size.getAsInt())),
                new ModelKind("platform-cached", false, "cached pool of platform threads, grows on demand",
                        size -> new CachedPoolModel()),
                new ModelKind("thread-per-task", false, "a new platform thread for every task",
                        size -> new ThreadPerTaskModel()),
                new ModelKind("virtual", false, "a virtual thread per task (newVirtualThreadPerTaskExecutor)",
                        size -> new VirtualModel()),
                new ModelKind("virtual-direct", false, "a virtual thread started per task and joined, no executor",
                        size -> new DirectVirtualModel()),
                new ModelKind("completable", true, "CompletableFuture.runAsync on a fixed pool of N platform threads",
                        size -> new CompletableModel(size.getAsInt())),
                new ModelKind("virtual-bounded", true, "a virtual thread per task, at most N at once behind a Semaphore",
                        size -> new BoundedVirtualModel(size.getAsInt())),
                new ModelKind("forkjoin", true, "a ForkJoinPool of parallelism N",
                        size -> new ForkJoinModel(size.getAsInt())));
    }
}
