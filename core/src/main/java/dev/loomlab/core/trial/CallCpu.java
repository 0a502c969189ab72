package dev.loomlab.core.trial;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The CPU one call costs this whole JVM, read over calls made one at a time: the process's CPU time per call (the
 * median of the calls' own, so that a collection or a compile during one of them does not count), and the busiest
 * thread that runs alone — a single-threaded dispatcher such as an HTTP client's selector or a server's — by its CPU
 * time over the calls, per call. A thread of a pool (a name it shares with others but for its numbers, or a fork/join
 * worker such as a carrier) is not single: under load its work spreads over the pool. In ms.
 */
final class CallCpu {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * What the calls cost.
     *
     * @param processMs    the process's CPU time per call, ms (median); NaN where the JVM does not tell it
     * @param dispatcherMs the busiest single thread's CPU time per call, ms; NaN when there is none
     * @param dispatcher   that thread's name; null when there is none
     */
    record Reading(double processMs, double dispatcherMs, String dispatcher) {
        static final Reading NONE = new Reading(Double.NaN, Double.NaN, null);

        /** The lower of each figure: a bound rests on the cheaper of two calibrations. */
        Reading lower(Reading other) {
            boolean otherDispatcher = !Double.isNaN(other.dispatcherMs) && !(other.dispatcherMs >= dispatcherMs);
            return new Reading(min(processMs, other.processMs), otherDispatcher ? other.dispatcherMs : dispatcherMs,
                    otherDispatcher ? other.dispatcher : dispatcher);
        }

        private static double min(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
        }
    }

    private final com.sun.management.ThreadMXBean threads;
    private final Map<Long, String> single;
    private final long[] ids;
    private final long[] before;
    private final List<Long> perCall = new ArrayList<>();

    private CallCpu() {
        threads = ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadCpuTimeSupported() && t.isThreadCpuTimeEnabled() ? t : null;
        single = threads == null ? Map.of() : singleThreads(Thread.currentThread());
        ids = single.keySet().stream().mapToLong(Long::longValue).toArray();
        before = threads == null ? new long[0] : threads.getThreadCpuTime(ids);
    }

    /** Starts reading: the threads alive now are those whose CPU is read. */
    static CallCpu start() {
        return new CallCpu();
    }

    /** The process's CPU time so far, ns; -1 where the JVM does not tell it. */
    static long processNanos() {
        return OS.getProcessCpuTime();
    }

    /** One call's process CPU, from two {@link #processNanos} readings around it. */
    void call(long fromNanos, long toNanos) {
        if (fromNanos >= 0 && toNanos >= fromNanos) {
            perCall.add(toNanos - fromNanos);
        }
    }

    /** What the {@code calls} made since {@link #start} cost. */
    Reading stop(int calls) {
        double process = Double.NaN;
        if (!perCall.isEmpty()) {
            long[] v = perCall.stream().mapToLong(Long::longValue).sorted().toArray();
            process = (v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0) / 1e6;
        }
        double busiest = Double.NaN;
        String name = null;
        if (threads != null && calls > 0) {
            long[] after = threads.getThreadCpuTime(ids);
            for (int i = 0; i < ids.length; i++) {
                if (before[i] >= 0 && after[i] >= before[i] && !(busiest >= (after[i] - before[i]) / 1e6 / calls)) {
                    busiest = (after[i] - before[i]) / 1e6 / calls;
                    name = single.get(ids[i]);
                }
            }
        }
        return new Reading(process, busiest, name);
    }

    /** Live threads other than {@code caller} that run alone: no fork/join worker, no name shared but for its numbers. */
    static Map<Long, String> singleThreads(Thread caller) {
        Map<String, Integer> perShape = new HashMap<>();
        List<Thread> live = Thread.getAllStackTraces().keySet().stream().filter(t -> t != caller && t.isAlive()).toList();
        live.forEach(t -> perShape.merge(shape(t.getName()), 1, Integer::sum));
        Map<Long, String> out = new LinkedHashMap<>();
        for (Thread t : live) {
            if (!(t instanceof ForkJoinWorkerThread) && !t.isVirtual() && perShape.get(shape(t.getName())) == 1
                    && !ownThread(t.getName())) {
                out.put(t.threadId(), t.getName());
            }
        }
        return out;
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
