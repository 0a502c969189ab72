package dev.loomlab.core.server;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** A cpu request costs at least the CPU time asked, on a platform thread and on a virtual one. */
class CpuWorkTest {
    private static final long ASKED = TimeUnit.MILLISECONDS.toNanos(30);

    @Test
    void aPlatformThreadSpendsAtLeastTheCpuTimeAskedByItsOwnClock() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadCpuTime();
        long reported = CpuWork.spend(ASKED);
        long spent = threads.getCurrentThreadCpuTime() - before;
        assertThat(spent).isGreaterThanOrEqualTo(ASKED);
        assertThat(reported).isGreaterThanOrEqualTo(ASKED).isLessThanOrEqualTo(spent);
    }

    /** A virtual thread has no CPU clock of its own: the process's CPU time and the wall time bound its work from below. */
    @Test
    void aVirtualThreadSpendsAtLeastTheCpuTimeAsked() throws Exception {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        AtomicLong wall = new AtomicLong();
        long cpuBefore = os.getProcessCpuTime();
        Thread t = Thread.ofVirtual().start(() -> {
            long start = System.nanoTime();
            CpuWork.spend(ASKED);
            wall.set(System.nanoTime() - start);
        });
        t.join();
        assertThat(os.getProcessCpuTime() - cpuBefore).isGreaterThanOrEqualTo(ASKED);
        assertThat(wall.get()).isGreaterThanOrEqualTo(ASKED);
    }

    /**
     * Many virtual threads at once on a few carriers, reading their clocks concurrently: one that resumed on another
     * carrier would read a clock unrelated to its own and stop early. CPU time never runs ahead of wall time on one
     * thread, so each must take at least the time asked.
     */
    @Test
    void everyOneOfManyConcurrentVirtualThreadsTakesAtLeastTheTimeAsked() throws Exception {
        long asked = TimeUnit.MILLISECONDS.toNanos(10);
        int threads = 16;
        java.util.List<Long> walls = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < threads; t++) {
                executor.submit(() -> {
                    long start = System.nanoTime();
                    CpuWork.spend(asked);
                    walls.add(System.nanoTime() - start);
                });
            }
        }
        assertThat(walls).hasSize(threads).allSatisfy(w -> assertThat(w).isGreaterThanOrEqualTo(asked));
    }

    @Test
    void readingsOfTwoCarriersOrOfAMovingOneMeasureNoInterval() {
        assertThat(new CpuWork.Reading(20, 7).sameClock(new CpuWork.Reading(10, 7))).isTrue();
        assertThat(new CpuWork.Reading(20, 8).sameClock(new CpuWork.Reading(10, 7))).isFalse();
        assertThat(new CpuWork.Reading(20, -1).sameClock(new CpuWork.Reading(10, -1))).isFalse();
        assertThat(new CpuWork.Reading(20, 0).sameClock(new CpuWork.Reading(10, 0))).isTrue();
    }
}
