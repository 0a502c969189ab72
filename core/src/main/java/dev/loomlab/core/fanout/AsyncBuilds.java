package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/** Starts every build as a future, records each outcome as it completes, and waits for all: for non-blocking models. */
public final class AsyncBuilds {
    private AsyncBuilds() {
    }

    /** @param build starts the build of profile {@code id} (= index + 1) */
    public static void buildAll(UserProfile[] built, TaskClock clock, IntFunction<CompletableFuture<UserProfile>> build)
            throws InterruptedException {
        CountDownLatch done = new CountDownLatch(clock.tasks());
        for (int i = 0; i < clock.tasks(); i++) {
            int index = i;
            clock.submitted(index);
            build.apply(index + 1).whenComplete((profile, failure) -> {
                built[index] = profile;
                clock.complete(index, failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure);
                done.countDown();
            });
        }
        done.await();
    }
}
