package dev.loomlab.core.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * The {@code cpu} endpoint's request: sums square roots on the calling thread until that thread's CPU
 * clock has advanced by the time asked, so that a request costs CPU, never waiting — a thread the OS
 * preempts meanwhile computes longer in wall time, not less in CPU time.
 * <p>
 * The clock is the JVM's thread CPU time ({@link ThreadMXBean#getCurrentThreadCpuTime}); a virtual thread
 * has none there (-1), so it reads its carrier's: {@link ThreadMXBean#getThreadCpuTime} of the carrier thread
 * where {@code java.lang} is opened to this code ({@code --add-opens java.base/java.lang=ALL-UNNAMED}, which
 * the servers get: {@link #JVM_FLAGS}), else Linux's {@code /proc/thread-self/schedstat} — which the kernel brings
 * up to date only at its ticks, so an interval read there can be a tick short or long. A virtual thread that only
 * computes rarely leaves its carrier, but it can (blocked on a contended monitor it unmounts, since JDK 24, and
 * may resume on another carrier, whose clock is unrelated). So each reading names its carrier, and an interval
 * whose two readings name different carriers is not counted: the work goes on until the intervals read on one
 * carrier add up.
 * The clock is read between chunks of work sized from the rate measured so far, a few readings per
 * request. The sum goes to a volatile field, so the JIT cannot drop the work.
 */
public final class CpuWork {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path CARRIER_CLOCK = Path.of("/proc/thread-self/schedstat");
    private static final long FIRST_CHUNK = 10_000;
    /** About 30 ms of square roots here: the most a clock reading can be late by. */
    private static final long MAX_CHUNK = 1L << 23;
    /** Readings at most: with chunks growing fourfold when the clock stands still, never reached unless it is broken. */
    private static final int MAX_READINGS = 100_000;

    /** Where every sum goes, so that it is used. */
    private static volatile double sink;

    private CpuWork() {
    }

    /**
     * Computes on the calling thread for at least {@code cpuNanos} of its CPU time.
     *
     * @return the CPU time it took by its clock, ns (at least {@code cpuNanos} unless the clock is broken)
     * @throws UnsupportedOperationException when the thread has no CPU clock (a virtual thread off Linux)
     */
    public static long spend(long cpuNanos) {
        Reading before = now();
        long spent = 0;
        long chunk = FIRST_CHUNK;
        long i = 0;
        double sum = 0;
        for (int readings = 0; readings < MAX_READINGS; readings++) {
            for (long end = i + chunk; i < end; i++) {
                sum += Math.sqrt(i);
            }
            Reading after = now();
            // An interval read on two carriers (or in a reading that moved) measured nothing: count none of it.
            long took = after.sameClock(before) ? after.nanos() - before.nanos() : -1;
            if (took > 0) {
                spent += took;
            }
            if (spent >= cpuNanos) {
                sink = sum;
                return spent;
            }
            // Aim the next chunk at what is left, growing at most fourfold: the clock may advance in steps.
            long next = took > 0 ? (long) ((double) chunk * (cpuNanos - spent) / took) : chunk * 4;
            chunk = Math.clamp(next, FIRST_CHUNK / 10, Math.min(chunk * 4, MAX_CHUNK));
            before = after;
        }
        sink = sum;
        return spent;
    }

    /**
     * One reading of a CPU clock: ns, and whose clock it is — the JVM's own for this thread ({@code carrier} 0),
     * or the carrier thread's id; {@code carrier} -1 when the carrier changed while it was read.
     */
    record Reading(long nanos, long carrier) {
        /** True when both readings are of the same thread's clock, so their difference is CPU time. */
        boolean sameClock(Reading earlier) {
            return carrier >= 0 && carrier == earlier.carrier;
        }
    }

    /** The JVM flag that lets a virtual thread read its carrier's own CPU clock (exact, not per tick). */
    public static final List<String> JVM_FLAGS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED");

    /** {@code Thread.currentCarrierThread()}, where {@code java.lang} is opened to this code; else null. */
    private static final MethodHandle CURRENT_CARRIER = currentCarrier();

    private static MethodHandle currentCarrier() {
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | RuntimeException closed) {
            return null;
        }
    }

    /** The calling thread's CPU clock. */
    static Reading now() {
        long t = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        if (t >= 0) {
            return new Reading(t, 0);
        }
        if (CURRENT_CARRIER != null) {
            try {
                Thread carrier = (Thread) CURRENT_CARRIER.invokeExact();
                long nanos = THREADS.getThreadCpuTime(carrier.threadId());
                if (nanos >= 0) {
                    return new Reading(nanos, carrier.threadId());
                }
            } catch (Throwable unexpected) {
                // fall back to the kernel's clock below
            }
        }
        try {
            long carrier = carrier();
            // "run time on the cpu (ns), wait time on a runqueue (ns), timeslices run"
            String line = Files.readString(CARRIER_CLOCK);
            long nanos = Long.parseLong(line.substring(0, line.indexOf(' ')));
            return new Reading(nanos, carrier() == carrier ? carrier : -1);
        } catch (IOException | RuntimeException e) {
            throw new UnsupportedOperationException("no CPU clock for " + Thread.currentThread()
                    + ": the JVM gives none and " + CARRIER_CLOCK + " cannot be read (" + e + ")");
        }
    }

    /** The id of the OS thread running the caller: {@code /proc/thread-self} links to {@code <pid>/task/<tid>}. */
    private static long carrier() throws IOException {
        Path link = Files.readSymbolicLink(THREAD_SELF);
        return Long.parseLong(link.getFileName().toString());
    }

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
}
