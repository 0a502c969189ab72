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
}
