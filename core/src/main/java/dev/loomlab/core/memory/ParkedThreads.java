package dev.loomlab.core.memory;

import dev.loomlab.core.model.ThreadKind;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code threads} threads of one kind, each descended {@code depth} frames and parked there until
 * {@link #release}. {@link #start} returns once every one is parked (or throws when the machine refuses
 * a thread, after releasing those it started).
 */
final class ParkedThreads {
    private final Thread[] threads;
    private final int depth;
    private final CountDownLatch allParked;
    private final LongAdder parked = new LongAdder();
    private final LongAdder framesReturned = new LongAdder();
    private volatile boolean released;

    ParkedThreads(int threads, int depth) {
        this.threads = new Thread[threads];
        this.depth = depth;
        this.allParked = new CountDownLatch(threads);
    }

    /** Starts every thread and waits until all are parked; returns the time that took, ns. */
    long start(ThreadKind kind) throws InterruptedException {
        Thread.Builder builder = kind.builder();
        Runnable task = () -> framesReturned.add(StackDescent.descend(depth, this::parkHere));
        long t0 = System.nanoTime();
        for (int i = 0; i < threads.length; i++) {
            try {
                threads[i] = builder.start(task);
            } catch (OutOfMemoryError e) {
                release();
                throw new ThreadRefusedException(i, e);
            }
        }
        allParked.await();
        return System.nanoTime() - t0;
    }

    private void parkHere() {
        parked.increment();
        allParked.countDown();
        while (!released) {
            LockSupport.park(this);
        }
    }

    /** Threads parked at the bottom of their descent. */
    long parked() {
        return parked.sum();
    }

    /** Unparks every thread and waits for all to end; returns the frames they returned through. */
    long release() throws InterruptedException {
        released = true;
        for (Thread t : threads) {
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
        for (Thread t : threads) {
            if (t != null) {
                t.join();
            }
        }
        // Every thread's task leads here: one ended thread the JVM still refers to (measured: some do,
        // for a while) would otherwise keep all of them, and the next iteration's baseline with them.
        java.util.Arrays.fill(threads, null);
        return framesReturned.sum();
    }

    /** The machine would not start thread number {@code index} (0-based). */
    static final class ThreadRefusedException extends RuntimeException {
        ThreadRefusedException(int index, Throwable cause) {
            super("the machine refused thread " + (index + 1) + ": " + cause.getMessage(), cause);
        }
    }
}
