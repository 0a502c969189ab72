package dev.loomlab.core.fanout;

import dev.loomlab.core.model.TaskClock;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code platform:N}: article 001's blocking builder on one fixed pool of N platform threads that runs
 * both the builds and their inner calls — the way a service with one shared pool does it. Once N builds
 * hold every thread while waiting on inner calls queued behind them, nothing can progress: a watchdog
 * sees calls stop finishing with every thread busy and work queued, and ends the iteration with a
 * {@link StarvationDeadlockException} instead of hanging.
 */
final class PoolFanout implements FanoutModel {
    /** Checks for progress this often, in ms. */
    private static final long WATCH_MS = 100;
    private final int size;

    PoolFanout(int size) {
        this.size = size;
    }

    @Override
    public void buildAll(SimulatedUserService service, UserProfile[] built, TaskClock clock) throws InterruptedException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        CountDownLatch builds = new CountDownLatch(clock.tasks());
        try {
            for (int i = 0; i < clock.tasks(); i++) {
                int index = i;
                clock.submitted(index);
                pool.execute(() -> {
                    clock.run(index, ignored -> built[index] = ExecutorFanout.build(service, pool, index + 1));
                    builds.countDown();
                });
            }
            watch(pool, builds, service);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    /** Waits for every build, or throws once the pool is provably stuck. */
    private void watch(ThreadPoolExecutor pool, CountDownLatch builds, SimulatedUserService progress)
            throws InterruptedException {
        // A stall longer than a few call latencies with all threads busy and work queued is no slow call.
        long stallNanos = Math.max(Duration.ofSeconds(2).toNanos(), 4 * progress.latency().toNanos());
        long lastCalls = progress.callsDone();
        long lastProgress = System.nanoTime();
        while (!builds.await(WATCH_MS, TimeUnit.MILLISECONDS)) {
            long calls = progress.callsDone();
            long now = System.nanoTime();
            if (calls != lastCalls) {
                lastCalls = calls;
                lastProgress = now;
            } else if (now - lastProgress > stallNanos && pool.getActiveCount() == size && !pool.getQueue().isEmpty()) {
                throw new StarvationDeadlockException("thread-starvation deadlock: all " + size
                        + " pool threads wait on inner calls queued behind them (" + pool.getQueue().size()
                        + " tasks queued, no call finished for " + Duration.ofNanos(now - lastProgress).toMillis() + " ms)");
            }
        }
    }
}
