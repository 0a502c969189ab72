package dev.loomlab.core.memory;

import dev.loomlab.core.model.ThreadKind;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /**
     * Waits until ended platform threads are gone from the OS: the JVM drops a thread from its own count
     * at once, but deletes it — releasing its Thread object and its stack — later (measured with Native
     * Memory Tracking: about 2 s for 10,000 threads). Until then the next iteration's baseline would hold
     * the last iteration's threads. Waits until the process has at most a few more OS threads than
     * {@code osBefore} (compiler threads come and go), or the count stops falling for 2 s; at most a minute.
     */
    static void awaitExited(int osBefore) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        int last = Integer.MAX_VALUE;
        long lastFell = System.nanoTime();
        int now;
        while ((now = osThreads()) > osBefore + 4 && System.nanoTime() < deadline) {
            if (now < last) {
                last = now;
                lastFell = System.nanoTime();
            } else if (System.nanoTime() - lastFell > 2_000_000_000L) {
                return;
            }
            Thread.sleep(10);
        }
    }

    /** The process's OS threads ({@code Threads:} of /proc/self/status), or the JVM's live count without /proc. */
    static int osThreads() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Threads:")) {
                    return Integer.parseInt(line.substring("Threads:".length()).trim());
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            // fall through to the JVM's count
        }
        return ManagementFactory.getThreadMXBean().getThreadCount();
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
