package dev.loomlab.core.model;

import java.util.concurrent.CountDownLatch;

/**
 * Runs N non-blocking tasks from the calling thread: starts every one, then waits until each stage has
 * completed. A task's latency is start → its stage's completion; a stage that completes exceptionally (or
 * a start that throws) counts as a failed task.
 */
public final class AsyncRunner {

    public void runAll(AsyncTask task, TaskClock clock) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(clock.tasks());
        for (int i = 0, n = clock.tasks(); i < n; i++) {
            int index = i;
            clock.submitted(index);
            try {
                task.start(index).whenComplete((value, failure) -> {
                    clock.complete(index, failure);
                    done.countDown();
                });
            } catch (Exception e) {
                clock.complete(index, e);
                done.countDown();
            }
        }
        done.await();
    }
}
