package dev.loomlab.prof;

import dev.loomlab.core.outcome.PinnedStack;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class VerdictTest {
    private static final VirtualThreadView.Pinning NOT_PINNED = new VirtualThreadView.Pinning(0, 0, 0, List.of());

    @Test
    void aJvmKeepingTheMachineBusyIsCpuBound() {
        VirtualThreadView view = view(NOT_PINNED, List.of(blocked(BlockedOn.SLEEP, 500)), List.of(), 93.4, 3);

        assertVerdict(view, Verdict.Kind.CPU_BOUND, 93.4,
                "the JVM used 93% of the machine's CPUs (mean of 3 jdk.CPULoad readings)");
    }

    @Test
    void poolWaitsOutweighingTheRestAreThePoolCeiling() {
        VirtualThreadView view = view(NOT_PINNED, List.of(blocked(BlockedOn.POOL, 620), blocked(BlockedOn.SLEEP, 380)),
                List.of(new VirtualThreadView.PoolWait("HikariCP", 40, 620)), 35.0, 2);

        assertVerdict(view, Verdict.Kind.POOL, 62.0,
                "62% of recorded virtual-thread blocked time waiting for a pool connection (HikariCP)");
    }

    @Test
    void sleepAndSocketTimeTogetherAreSleepIoBound() {
        VirtualThreadView view = view(new VirtualThreadView.Pinning(3, 100, 50, List.of()),
                List.of(blocked(BlockedOn.SOCKET_READ, 300), blocked(BlockedOn.SLEEP, 200), blocked(BlockedOn.POOL, 250),
                        blocked(BlockedOn.LOCK, 250)),
                List.of(new VirtualThreadView.PoolWait("Semaphore", 5, 250)), null, 0);

        assertVerdict(view, Verdict.Kind.SLEEP_IO, 50.0,
                "50% of recorded virtual-thread blocked time in sleep or socket I/O");
    }

    @Test
    void pinnedTimeBeyondTheBlockedTimeIsPinnedAtTheFirstUserFrame() {
        PinnedStack stack = new PinnedStack(7, 900, List.of("java.lang.Thread.sleep:500", "com.example.Cache.load:42", "java.lang.Thread.run:1583"));
        VirtualThreadView view = view(new VirtualThreadView.Pinning(7, 900, 210.5, List.of(stack)),
                List.of(blocked(BlockedOn.SLEEP, 450)), List.of(), 20.0, 1);

        assertVerdict(view, Verdict.Kind.PINNED, 100.0,
                "100% of recorded virtual-thread blocked time pinned to a carrier (7 pinned events, longest 210.5 ms, at com.example.Cache.load:42)");
    }

    /**
     * JDK 21's synchronized: every sleep inside the monitor is pinned, so the same time is recorded as a pin
     * and as a sleep, and the waiters park: pinning is the cause, whatever the sleep's share.
     */
    @Test
    void pinnedSleepsAreAPinNotSleepBound() {
        VirtualThreadView view = view(new VirtualThreadView.Pinning(400, 8124.5, 25.0, List.of()),
                List.of(blocked(BlockedOn.SLEEP, 8250.3), blocked(BlockedOn.PARK, 8098.6)), List.of(), null, 0);
        Verdict v = Verdict.of(view).orElseThrow();
        assertThat(v.kind()).isEqualTo(Verdict.Kind.PINNED);
        assertThat(v.sharePct()).isCloseTo(100 * 8124.5 / (8250.3 + 8098.6), org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aTieBetweenPinnedAndPoolGoesToPinned() {
        VirtualThreadView view = view(new VirtualThreadView.Pinning(2, 400, 200, List.of()),
                List.of(blocked(BlockedOn.POOL, 400)), List.of(new VirtualThreadView.PoolWait("Semaphore", 2, 400)), null, 0);

        assertThat(Verdict.of(view).orElseThrow().kind()).isEqualTo(Verdict.Kind.PINNED);
    }

    @Test
    void nothingToRestOnIsNoVerdict() {
        assertThat(Verdict.of(view(NOT_PINNED, List.of(), List.of(), 50.0, 4))).isEmpty();
        assertThat(Verdict.of(view(NOT_PINNED, List.of(blocked(BlockedOn.LOCK, 300)), List.of(), null, 0))).isEmpty();
    }

    private static void assertVerdict(VirtualThreadView view, Verdict.Kind kind, double sharePct, String line) {
        Verdict v = Verdict.of(view).orElseThrow();
        assertThat(v.kind()).isEqualTo(kind);
        assertThat(v.sharePct()).isCloseTo(sharePct, within(1e-9));
        assertThat(v.line()).isEqualTo(line);
    }

    private static VirtualThreadView.BlockedTime blocked(BlockedOn reason, double ms) {
        return new VirtualThreadView.BlockedTime(reason, 1, ms);
    }

    private static VirtualThreadView view(VirtualThreadView.Pinning pinned, List<VirtualThreadView.BlockedTime> blocked,
                                          List<VirtualThreadView.PoolWait> pools, Double jvmCpuPct, int readings) {
        return new VirtualThreadView(1000, 10, 10, pinned, 0, blocked, pools,
                new VirtualThreadView.Carriers(0, 0, 0, 0, jvmCpuPct, jvmCpuPct == null ? null : 99.0, readings));
    }
}
