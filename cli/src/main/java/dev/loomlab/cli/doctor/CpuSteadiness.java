package dev.loomlab.cli.doctor;

import dev.loomlab.core.stats.Median;
import dev.loomlab.core.stats.NearestRank;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How steady this machine's CPU speed is: the same fixed work on every available processor at once, timed
 * round after round. A host that changes the speed (a VM's neighbours, a governor, heat) shows as rounds that
 * take longer, where nothing in the work changed. Two figures measured here minutes apart can differ by the
 * {@link #windowSpreadPct spread of the window means} with nothing else different.
 *
 * @param roundMillis each measured round's wall time, milliseconds, in the order measured
 */
public record CpuSteadiness(List<Double> roundMillis) {
    /** The span is cut into this many windows of consecutive rounds, whose mean round times are compared. */
    public static final int WINDOWS = 6;
    /** Rounds before the span, so that the span times compiled code. */
    public static final Duration WARM_UP = Duration.ofSeconds(2);
    /**
     * One thread's work in a round: steps of a xorshift generator, each six dependent one-cycle operations on
     * x86-64 (three where a shift and an xor fuse, as on AArch64): tens of milliseconds.
     */
    private static final long STEPS = 20_000_000L;

    public CpuSteadiness {
        roundMillis = List.copyOf(roundMillis);
        if (roundMillis.size() < WINDOWS) {
            throw new IllegalArgumentException(roundMillis.size() + " rounds: at least " + WINDOWS + " needed");
        }
    }

    /**
     * Times rounds for {@link #WARM_UP}, then for {@code span}, on {@code threads} threads started together
     * each round; a round lasts until its last thread is done. The threads have ended when it returns.
     */
    public static CpuSteadiness measure(Duration span, int threads) throws InterruptedException {
        // Each round's result is published, so the compiler cannot drop the work.
        AtomicLong sink = new AtomicLong();
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        CyclicBarrier done = new CyclicBarrier(threads + 1);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            long seed = i + 1;
            workers.add(Thread.ofPlatform().daemon().name("loomlab-steadiness-" + i).start(() -> {
                try {
                    while (true) {
                        start.await();
                        sink.addAndGet(work(seed));
                        done.await();
                    }
                } catch (Exception e) {
                    // The barrier broken or the thread interrupted: the measurement is over.
                }
            }));
        }
        try {
            List<Double> rounds = new ArrayList<>();
            long warmEnd = System.nanoTime() + WARM_UP.toNanos();
            long end = warmEnd + span.toNanos();
            long now;
            do {
                long t0 = System.nanoTime();
                start.await();
                done.await();
                now = System.nanoTime();
                if (t0 >= warmEnd) {
                    rounds.add((now - t0) / 1e6);
                }
            } while (now < end || rounds.size() < WINDOWS);
            return new CpuSteadiness(rounds);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("a steadiness worker stopped", e);
        } finally {
            workers.forEach(Thread::interrupt);
            for (Thread w : workers) {
                w.join();
            }
        }
    }

    private static long work(long seed) {
        long x = seed;
        for (long i = 0; i < STEPS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    public double fastestMillis() {
        return roundMillis.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    public double slowestMillis() {
        return roundMillis.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** The median round, milliseconds (the mean of the middle two for an even count). */
    public double medianMillis() {
        return Median.of(roundMillis);
    }

    /** The round at quantile {@code q} (0–1) of the sorted rounds, nearest rank, milliseconds. */
    public double quantileMillis(double q) {
        return NearestRank.of(roundMillis.stream().mapToDouble(Double::doubleValue).sorted().toArray(), q * 100);
    }

    /**
     * Rounds that took more than twice the median: in each, a worker thread spent more than half the round on
     * something other than the work, or ran at under half its speed — stalls of the kind a tail-latency objective
     * feels. A round lasts as long as its slowest thread, so more threads meet more of them.
     */
    public int stalls() {
        double limit = 2 * medianMillis();
        return (int) roundMillis.stream().filter(ms -> ms > limit).count();
    }

    /**
     * The span cut into {@link #WINDOWS} windows of consecutive rounds (the first windows one round longer where
     * the rounds do not divide evenly): how much longer the slowest window's mean round was than the fastest's, percent.
     */
    public double windowSpreadPct() {
        List<Double> means = windowMeans();
        double min = means.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = means.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return (max / min - 1) * 100;
    }

    /** Each window's mean round, milliseconds, in order. */
    public List<Double> windowMeans() {
        int n = roundMillis.size();
        List<Double> means = new ArrayList<>();
        int from = 0;
        for (int w = 0; w < WINDOWS; w++) {
            int size = n / WINDOWS + (w < n % WINDOWS ? 1 : 0);
            means.add(roundMillis.subList(from, from + size).stream().mapToDouble(Double::doubleValue).average().orElseThrow());
            from += size;
        }
        return means;
    }
}
