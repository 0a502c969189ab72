package dev.loomlab.core.scheduler;

import dev.loomlab.core.model.ThreadKind;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Latency-sensitive threads of one kind, each sleeping {@code tick} in a loop and timing how late it runs again: the
 * time from its deadline (the sleep's start plus {@code tick}) to the moment it is back on a CPU. A wake-up is recorded
 * when it ran after {@link #startCounting} and was due before {@link #stop}, however late, its lateness counted from
 * the later of its deadline and the start; each thread keeps its own histogram (ns), merged once they have ended.
 */
final class Sleepers {
    private final List<Thread> threads = new ArrayList<>();
    private final List<Histogram> histograms = new ArrayList<>();
    private final CountDownLatch started;
    private volatile long from = Long.MAX_VALUE;
    private volatile long until = Long.MAX_VALUE;
    private volatile boolean stopped;

    Sleepers(ThreadKind kind, int count, Duration tick) {
        started = new CountDownLatch(count);
        long tickNanos = tick.toNanos();
        for (int i = 0; i < count; i++) {
            Histogram own = new Histogram(3);
            histograms.add(own);
            threads.add(kind.builder().name("loomlab-sleeper-" + i).start(() -> {
                started.countDown();
                while (!stopped) {
                    long deadline = System.nanoTime() + tickNanos;
                    try {
                        Thread.sleep(tick);
                    } catch (InterruptedException e) {
                        return;
                    }
                    long woke = System.nanoTime();
                    long start = from;
                    if (woke >= start && deadline <= until) {
                        own.recordValue(Math.max(0, woke - Math.max(deadline, start)));
                    }
                }
            }));
        }
    }

    /** Waits until every sleeper has started (and is about to sleep). */
    void awaitStarted() throws InterruptedException {
        started.await();
    }

    /** From now on, each wake-up is recorded (until one due after {@link #stop}). */
    void startCounting() {
        from = System.nanoTime();
    }

    /** Records no wake-up due from now on, lets every sleeper end its last sleep, and returns their lateness (ns). */
    Histogram stop() throws InterruptedException {
        until = System.nanoTime();
        stopped = true;
        Histogram all = new Histogram(3);
        for (int i = 0; i < threads.size(); i++) {
            threads.get(i).join();
            all.add(histograms.get(i));
        }
        return all;
    }
}
