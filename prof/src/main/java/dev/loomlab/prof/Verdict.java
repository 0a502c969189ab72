package dev.loomlab.prof;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.pinning.UserFirstStack;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which of "pinned", "CPU-bound", "pool is the ceiling" and "sleep/IO-bound" a {@link VirtualThreadView}
 * points to, with the figure it rests on, as one line a report or {@code advise} can print, e.g.
 * {@code 62% of recorded virtual-thread blocked time waiting for a pool connection (HikariCP)}.
 *
 * <p>The rule: when the JVM kept at least {@value #CPU_BOUND_PCT}% of the machine's CPUs busy (the mean of its
 * {@code jdk.CPULoad} readings) it is CPU-bound. Otherwise, when pinned time is at least {@value #PINNED_PCT}% of
 * the virtual threads' recorded blocked time (or of the pinned time, when that is larger), the verdict is
 * pinned: a pin is a cause, not a kind of wait — a pinned sleep is recorded both as a pin and as a sleep —
 * and a pinned carrier is lost to every other virtual thread. Otherwise it is the larger share of pool
 * acquisition and of sleep plus socket reads and writes; a tie goes to the pool. Without CPU readings at that level and without
 * blocked or pinned time there is no verdict. Blocked time is only what JFR records (see
 * {@link VirtualThreadView}): waits that unmount a virtual thread, such as most pool waits, are not in it.
 *
 * @param kind     which one dominates
 * @param sharePct the figure: the share of blocked time, or the JVM's CPU use, percent
 * @param line     the sentence to print
 */
@JsonPropertyOrder({"kind", "share_pct", "line"})
public record Verdict(Kind kind, @JsonProperty("share_pct") double sharePct, String line) {

    /** From this mean CPU use of the machine, percent, a JVM counts as CPU-bound. */
    public static final double CPU_BOUND_PCT = 80;
    /** From this share of the recorded blocked time, percent, pinning is the verdict. */
    public static final double PINNED_PCT = 25;

    /** What a slow trial's virtual threads were held up by. */
    public enum Kind {
        PINNED("pinned"), CPU_BOUND("CPU-bound"), POOL("pool is the ceiling"), SLEEP_IO("sleep/IO-bound");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @JsonValue
        public String label() {
            return label;
        }
    }

    /** The verdict on {@code view}; empty when it holds nothing to rest one on. */
    public static Optional<Verdict> of(VirtualThreadView view) {
        VirtualThreadView.Carriers c = view.carriers();
        if (c.jvmCpuPct() != null && c.jvmCpuPct() >= CPU_BOUND_PCT) {
            return Optional.of(new Verdict(Kind.CPU_BOUND, c.jvmCpuPct(), String.format(Locale.ROOT,
                    "the JVM used %.0f%% of the machine's CPUs (mean of %d jdk.CPULoad readings)", c.jvmCpuPct(), c.cpuReadings())));
        }
        VirtualThreadView.Pinning pinned = view.pinned();
        double whole = Math.max(view.blockedMs(), pinned.timeMs());
        if (whole <= 0) {
            return Optional.empty();
        }
        double pinnedPct = 100 * pinned.timeMs() / whole;
        double poolPct = 100 * view.blockedOn(BlockedOn.POOL).timeMs() / whole;
        double sleepIoPct = 100 * (view.blockedOn(BlockedOn.SLEEP).timeMs() + view.blockedOn(BlockedOn.SOCKET_READ).timeMs()
                + view.blockedOn(BlockedOn.SOCKET_WRITE).timeMs()) / whole;
        double top = Math.max(poolPct, sleepIoPct);
        if (pinnedPct >= PINNED_PCT || (pinnedPct > 0 && pinnedPct >= top)) {
            return Optional.of(new Verdict(Kind.PINNED, pinnedPct, String.format(Locale.ROOT,
                    "%.0f%% of recorded virtual-thread blocked time pinned to a carrier (%d pinned events, longest %.1f ms%s)",
                    pinnedPct, pinned.events(), pinned.longestMs(), where(pinned.stacks()))));
        }
        if (top <= 0) {
            return Optional.empty();
        }
        if (poolPct == top) {
            Pool pool = Pool.labelled(view.pools().get(0).pool());
            return Optional.of(new Verdict(Kind.POOL, poolPct, String.format(Locale.ROOT,
                    "%.0f%% of recorded virtual-thread blocked time waiting for %s (%s)", poolPct, pool.waitsFor(), pool.label())));
        }
        return Optional.of(new Verdict(Kind.SLEEP_IO, sleepIoPct, String.format(Locale.ROOT,
                "%.0f%% of recorded virtual-thread blocked time in sleep or socket I/O", sleepIoPct)));
    }

    /** {@code , at Class.method:line}: the first user frame of the stack pinned most often; empty without one. */
    private static String where(List<PinnedStack> stacks) {
        if (stacks.isEmpty() || stacks.get(0).frames().isEmpty()) {
            return "";
        }
        return ", at " + UserFirstStack.of(stacks.get(0).frames()).user().get(0);
    }
}
