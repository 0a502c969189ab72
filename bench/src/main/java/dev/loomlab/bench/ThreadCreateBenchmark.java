package dev.loomlab.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The cost of one thread: create, start and join one thread of one kind that does a trivial
 * computation. (Creating an unstarted platform thread makes no OS thread, so start and join are part of
 * what "creating a thread" costs.) Score: µs per thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ThreadCreateBenchmark {
    @Param({"platform", "virtual"})
    public String kind;

    private Thread.Builder builder;
    private long result;

    @Setup
    public void setup() {
        builder = BenchKinds.of(kind).builder();
    }

    @Benchmark
    public long createStartJoin() throws InterruptedException {
        Thread t = builder.start(() -> result = ThreadStartBenchmark.trivial(7));
        t.join();
        return result;
    }
}
