package dev.loomlab.core.trial;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The CPU one call costs this whole JVM, read over calls made one at a time: every Java thread's CPU time over the
 * calls (the calling thread, a server's, a client's selector, carriers) per call, from each thread's own CPU clock
 * (the process's clock ticks in 10 ms steps, too coarse for a call of a fraction of that); and the busiest thread that
 * runs alone — a single-threaded dispatcher such as an HTTP client's selector or a server's — by its CPU time per call.
 * A thread of a pool (a name it shares with others but for its numbers, or a fork/join worker such as a carrier) is not
 * single: under load its work spreads over the pool. The JVM's own collector and compiler threads and loomlab's helpers
 * are not counted. In ms.
 */
final class CallCpu {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /**
     * What the calls cost.
     *
     * @param processMs    every thread's CPU time per call, ms; NaN where the JVM does not tell it
     * @param wholeMs      the process's CPU time per call (its collectors' too), from its clock of 10 ms ticks: only
     *                     worth reading over many calls; NaN where the JVM does not tell it
     * @param dispatcherMs the busiest single thread's CPU time per call, ms; NaN when there is none
     * @param dispatcher   that thread's name; null when there is none
     */
    record Reading(double processMs, double wholeMs, double dispatcherMs, String dispatcher) {
        static final Reading NONE = new Reading(Double.NaN, Double.NaN, Double.NaN, null);

        /** The lower of each figure: a bound rests on the cheaper of two calibrations. */
        Reading lower(Reading other) {
            boolean otherDispatcher = !Double.isNaN(other.dispatcherMs) && !(other.dispatcherMs >= dispatcherMs);
            return new Reading(min(processMs, other.processMs), min(wholeMs, other.wholeMs), otherDispatcher ? other.dispatcherMs : dispatcherMs,
                    otherDispatcher ? other.dispatcher : dispatcher);
        }

        /**
         * The mean of each figure over {@code readings} (NaN ones left out): the iterations' own CPU over their count.
         * Each iteration's CPU over the cores is at most its wall time, so their mean is at most the mean wall time.
         */
        static Reading mean(List<Reading> readings) {
            String name = readings.stream().map(Reading::dispatcher).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            return new Reading(mean(readings, Reading::processMs), mean(readings, Reading::wholeMs),
                    mean(readings, Reading::dispatcherMs), name);
        }

        private static double mean(List<Reading> readings, java.util.function.ToDoubleFunction<Reading> figure) {
            return readings.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
        }

        static double min(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
        }
    }

    private final com.sun.management.ThreadMXBean threads;
    private final Map<Long, String> names = new LinkedHashMap<>();
    private final Map<Long, Boolean> single = new HashMap<>();
    private final long[] ids;
    private long[] before;
    private long wholeBefore = OS.getProcessCpuTime();

    private CallCpu() {
        threads = ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadCpuTimeSupported() && t.isThreadCpuTimeEnabled() ? t : null;
        Map<String, Integer> perShape = new HashMap<>();
        List<Thread> live = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isVirtual() && !ownThread(t.getName())).toList();
        live.forEach(t -> perShape.merge(shape(t.getName()), 1, Integer::sum));
        Thread caller = Thread.currentThread();
        for (Thread t : live) {
            names.put(t.threadId(), t.getName());
            single.put(t.threadId(), t != caller && !(t instanceof ForkJoinWorkerThread) && perShape.get(shape(t.getName())) == 1);
        }
        ids = names.keySet().stream().mapToLong(Long::longValue).toArray();
        before = threads == null ? new long[0] : threads.getThreadCpuTime(ids);
    }

    /** Starts reading: the threads alive now are those whose CPU is read. */
    static CallCpu start() {
        return new CallCpu();
    }

    /** Reads the CPU clocks again, now: the span counted starts here (the threads were listed before). */
    void restart() {
        wholeBefore = OS.getProcessCpuTime();
        before = threads == null ? new long[0] : threads.getThreadCpuTime(ids);
    }

    /** What the {@code calls} made since {@link #start} cost. */
    Reading stop(int calls) {
        if (threads == null || calls <= 0) {
            return Reading.NONE;
        }
        long wholeAfter = OS.getProcessCpuTime();
        double whole = wholeBefore < 0 || wholeAfter < wholeBefore ? Double.NaN : (wholeAfter - wholeBefore) / 1e6 / calls;
        long[] after = threads.getThreadCpuTime(ids);
        long total = 0;
        double busiest = Double.NaN;
        String name = null;
        for (int i = 0; i < ids.length; i++) {
            if (before[i] < 0 || after[i] < before[i]) {
                continue;
            }
            long used = after[i] - before[i];
            total += used;
            if (single.get(ids[i]) && !(busiest >= used / 1e6 / calls)) {
                busiest = used / 1e6 / calls;
                name = names.get(ids[i]);
            }
        }
        return new Reading(total / 1e6 / calls, whole, busiest, name);
    }

    /** loomlab's own helpers in the trial JVM and JFR's: not the task's. */
    private static boolean ownThread(String name) {
        return name.startsWith("loomlab-") || name.startsWith("JFR ");
    }

    /** A thread's name with its numbers blurred: the threads of one pool share it. */
    static String shape(String name) {
        return name.replaceAll("[0-9]+", "#");
    }
}
