package dev.loomlab.core.memory;

import dev.loomlab.core.workload.NotApplicableException;

import java.util.Locale;

/**
 * The heap a number of parked virtual threads needs at the least: each keeps its {@code Thread} object and
 * stack chunk in the heap, measured at 597 to 690 bytes at depth 1 (docs/microbenchmarks.md). A count that
 * cannot fit even at {@value #MIN_BYTES_PER_THREAD} bytes a thread is not applicable, rather than a trial
 * that dies of OutOfMemoryError after starting millions of threads.
 */
final class VirtualThreadHeap {
    /** Bytes of heap a parked virtual thread takes at the least, below every measurement. */
    static final long MIN_BYTES_PER_THREAD = 500;

    private VirtualThreadHeap() {
    }

    /**
     * @param threads      virtual threads parked at once
     * @param maxHeapBytes the most heap this JVM may use ({@link Runtime#maxMemory()})
     * @throws NotApplicableException when {@code threads} cannot fit in it
     */
    static void requireRoomFor(int threads, long maxHeapBytes) {
        long needed = threads * MIN_BYTES_PER_THREAD;
        if (needed > maxHeapBytes) {
            throw new NotApplicableException(String.format(Locale.ROOT,
                    "%,d virtual threads at once need at least %,d MB of heap (%d bytes each), above this JVM's "
                            + "most of %,d MB (-Xmx, -XX:MaxRAMPercentage)", threads, needed >> 20, MIN_BYTES_PER_THREAD,
                    maxHeapBytes >> 20));
        }
    }
}
