package dev.loomlab.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Article 003's thread start cost: start {@code threads} threads of one kind, each doing a trivial
 * computation, and await them all with a {@link CountDownLatch}. Score: ms per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ThreadStartBenchmark {
    @Param({"platform", "virtual"})
    public String kind;

    @Param("10000")
    public int threads;

    private Thread.Builder builder;
    private long[] results;

    @Setup
    public void setup() {
        builder = BenchKinds.of(kind).builder();
        results = new long[threads];
    }

    @Benchmark
    public long startAndAwait() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(threads);
        long[] out = results;
        for (int i = 0; i < threads; i++) {
            int id = i;
            builder.start(() -> {
                out[id] = trivial(id);
                done.countDown();
            });
        }
        done.await();
        return out[threads - 1];
    }

    /** The article's "trivial computation": a few arithmetic steps the JIT cannot drop (the result is kept). */
    static long trivial(int id) {
        long x = id;
        for (int i = 0; i < 10; i++) {
            x = x * 31 + i;
        }
        return x;
    }
}
