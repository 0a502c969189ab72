package dev.loomlab.core.memory;

import dev.loomlab.core.probe.RssProbe;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * This JVM's memory at one moment, right after a full collection: heap used and committed, Native
 * Memory Tracking's committed bytes (null without {@code -XX:NativeMemoryTracking}), and the resident
 * set (NaN without /proc), all in bytes.
 */
record MemorySnapshot(long heapUsed, long heapCommitted, NativeMemory nmt, double rss) {

    /** Collects garbage, then reads every figure. */
    static MemorySnapshot take() {
        System.gc();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new MemorySnapshot(liveHeap(), heap.getCommitted(), NativeMemory.read(),
                RssProbe.readStatusKb("VmRSS") * 1024);
    }

    /** Heap in use right after the last collection, every heap pool: what survived it. */
    private static long liveHeap() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterGc = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterGc != null) {
                used += afterGc.getUsed();
            }
        }
        return used;
    }
}
