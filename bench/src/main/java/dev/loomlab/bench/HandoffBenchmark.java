package dev.loomlab.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;

/**
 * Hand-off latency as thread count grows (article 003 §4.2, "thread switch latency"): {@code pairs}
 * pairs of threads of one kind ping-pong a token at once, through a {@code SynchronousQueue} or with
 * {@code LockSupport.park/unpark}. Each invocation lets every pair make {@value #ROUNDS} round trips;
 * the score is the wall time per hand-off (one thread waking the other, half a round trip) seen by a
 * pair while all pairs run: µs/op. The threads are started once per trial, outside the timing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HandoffBenchmark {
    /** Round trips per pair per invocation. */
    static final int ROUNDS = 100;

    @Param({"platform", "virtual"})
    public String kind;

    @Param({"10", "100", "1000"})
    public int pairs;

    @Param({"queue", "park"})
    public String mechanism;

    private final List<Thread> threads = new ArrayList<>();
    private Phaser batches;
    private volatile boolean stopped;

    @Setup
    public void start() {
        Thread.Builder builder = BenchKinds.of(kind).builder();
        batches = new Phaser(pairs + 1);
        for (int i = 0; i < pairs; i++) {
            PingPong pair = switch (mechanism) {
                case "queue" -> new QueuePingPong();
                case "park" -> new ParkPingPong();
                default -> throw new IllegalArgumentException("mechanism must be queue or park, got " + mechanism);
            };
            Thread pinger = builder.unstarted(() -> ping(pair));
            Thread ponger = builder.unstarted(pair::serve);
            pair.bind(pinger, ponger);
            threads.add(pinger);
            threads.add(ponger);
        }
        threads.forEach(Thread::start);
    }

    /** One batch: every pair makes {@value #ROUNDS} round trips; returns when all have. */
    @Benchmark
    @OperationsPerInvocation(2 * ROUNDS)
    public int handOff() {
        batches.arriveAndAwaitAdvance();
        return batches.arriveAndAwaitAdvance();
    }

    @TearDown
    public void stop() throws InterruptedException {
        stopped = true;
        batches.arriveAndAwaitAdvance();
        for (Thread t : threads) {
            t.join();
        }
        threads.clear();
    }

    private void ping(PingPong pair) {
        try {
            while (true) {
                batches.arriveAndAwaitAdvance();
                if (stopped) {
                    pair.stop();
                    return;
                }
                for (int r = 1; r <= ROUNDS; r++) {
                    if (pair.roundTrip(r) != r) {
                        throw new IllegalStateException("hand-off returned a wrong token");
                    }
                }
                batches.arriveAndAwaitAdvance();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
