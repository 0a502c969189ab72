package dev.loomlab.prof;

import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.prof.JfrEvents;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One pass over a JFR recording that adds up a {@link VirtualThreadView}. */
final class VirtualThreadReader {
    /** The thread group the JDK's virtual-thread scheduler creates its carriers in. */
    private static final String CARRIER_GROUP = "CarrierThreads";
    /** Where an idle carrier parks: the scheduler's pool waiting for work. */
    private static final String AWAIT_WORK = "java.util.concurrent.ForkJoinPool.awaitWork";

    private long started;
    private long ended;
    private long submitFailures;
    private long pinnedEvents;
    private long pinnedNanos;
    private long longestPinNanos;
    /** Per distinct pinned stack: events and nanoseconds. */
    private final Map<List<String>, long[]> pinnedStacks = new HashMap<>();
    /** Per reason: events and nanoseconds. */
    private final Map<BlockedOn, long[]> blocked = new EnumMap<>(BlockedOn.class);
    private final Map<Pool, long[]> pools = new EnumMap<>(Pool.class);
    private long idleParks;
    private long idleNanos;
    private long mountedSamples;
    private long carrierSamples;
    private int cpuReadings;
    private double jvmCpu;
    private double machineCpu;
    private Instant first;
    private Instant last;

    private VirtualThreadReader() {
    }

    static VirtualThreadView read(Path jfr) throws IOException {
        VirtualThreadReader r = new VirtualThreadReader();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                r.accept(file.readEvent());
            }
        }
        return r.view();
    }

    private void accept(RecordedEvent e) {
        span(e);
        String type = e.getEventType().getName();
        if (type.equals("jdk.CPULoad")) {
            cpuReadings++;
            jvmCpu += e.getFloat("jvmUser") + e.getFloat("jvmSystem");
            machineCpu += e.getFloat("machineTotal");
            return;
        }
        if (type.equals(JfrEvents.EXECUTION_SAMPLE)) {
            RecordedThread sampled = e.getThread("sampledThread");
            if (sampled != null && sampled.isVirtual()) {
                mountedSamples++;
            } else if (isCarrier(sampled)) {
                carrierSamples++;
            }
            return;
        }
        RecordedThread thread = e.getThread();
        if (thread == null) {
            return;
        }
        if (!thread.isVirtual()) {
            if (type.equals(JfrEvents.THREAD_PARK) && isCarrier(thread) && has(e.getStackTrace(), AWAIT_WORK)) {
                idleParks++;
                idleNanos += e.getDuration().toNanos();
            }
            return;
        }
        switch (type) {
            case JfrEvents.VIRTUAL_THREAD_START -> started++;
            case JfrEvents.VIRTUAL_THREAD_END -> ended++;
            case JfrEvents.VIRTUAL_THREAD_SUBMIT_FAILED -> submitFailures++;
            case JfrEvents.VIRTUAL_THREAD_PINNED -> pinned(e);
            case JfrEvents.THREAD_SLEEP -> add(blocked, BlockedOn.SLEEP, e);
            case JfrEvents.SOCKET_READ -> add(blocked, BlockedOn.SOCKET_READ, e);
            case JfrEvents.SOCKET_WRITE -> add(blocked, BlockedOn.SOCKET_WRITE, e);
            case JfrEvents.MONITOR_ENTER -> add(blocked, BlockedOn.LOCK, e);
            case JfrEvents.MONITOR_WAIT -> add(blocked, BlockedOn.OBJECT_WAIT, e);
            case JfrEvents.THREAD_PARK -> {
                Pool pool = Pool.of(e.getStackTrace());
                if (pool == null) {
                    add(blocked, BlockedOn.PARK, e);
                } else {
                    add(blocked, BlockedOn.POOL, e);
                    add(pools, pool, e);
                }
            }
            default -> {
            }
        }
    }

    private void pinned(RecordedEvent e) {
        long nanos = e.getDuration().toNanos();
        pinnedEvents++;
        pinnedNanos += nanos;
        longestPinNanos = Math.max(longestPinNanos, nanos);
        long[] sums = pinnedStacks.computeIfAbsent(PinnedEvents.frames(e.getStackTrace()), f -> new long[2]);
        sums[0]++;
        sums[1] += nanos;
    }

    private void span(RecordedEvent e) {
        if (first == null || e.getStartTime().isBefore(first)) {
            first = e.getStartTime();
        }
        if (last == null || e.getEndTime().isAfter(last)) {
            last = e.getEndTime();
        }
    }

    private static <K> void add(Map<K, long[]> sums, K key, RecordedEvent e) {
        long[] s = sums.computeIfAbsent(key, k -> new long[2]);
        s[0]++;
        s[1] += e.getDuration().toNanos();
    }

    private static boolean isCarrier(RecordedThread t) {
        return t != null && !t.isVirtual() && t.getThreadGroup() != null && CARRIER_GROUP.equals(t.getThreadGroup().getName());
    }

    private static boolean has(RecordedStackTrace trace, String frame) {
        if (trace == null) {
            return false;
        }
        for (RecordedFrame f : trace.getFrames()) {
            if (f.getMethod().getType() != null && frame.equals(f.getMethod().getType().getName() + "." + f.getMethod().getName())) {
                return true;
            }
        }
        return false;
    }

    private VirtualThreadView view() {
        List<PinnedStack> stacks = new ArrayList<>();
        pinnedStacks.forEach((frames, s) -> stacks.add(new PinnedStack(s[0], s[1] / 1e6, frames)));
        VirtualThreadView.Pinning pinning = new VirtualThreadView.Pinning(pinnedEvents, pinnedNanos / 1e6, longestPinNanos / 1e6,
                PinnedStack.top(stacks, PinnedStack.TOP));
        List<VirtualThreadView.BlockedTime> blockedTimes = new ArrayList<>();
        blocked.forEach((reason, s) -> blockedTimes.add(new VirtualThreadView.BlockedTime(reason, s[0], s[1] / 1e6)));
        blockedTimes.sort(Comparator.comparingDouble(VirtualThreadView.BlockedTime::timeMs).reversed());
        List<VirtualThreadView.PoolWait> poolWaits = new ArrayList<>();
        pools.forEach((pool, s) -> poolWaits.add(new VirtualThreadView.PoolWait(pool.label(), s[0], s[1] / 1e6)));
        poolWaits.sort(Comparator.comparingDouble(VirtualThreadView.PoolWait::timeMs).reversed());
        VirtualThreadView.Carriers carriers = new VirtualThreadView.Carriers(idleParks, idleNanos / 1e6, mountedSamples, carrierSamples,
                cpuReadings == 0 ? null : 100 * jvmCpu / cpuReadings, cpuReadings == 0 ? null : 100 * machineCpu / cpuReadings,
                cpuReadings);
        double recordingMs = first == null ? 0 : Duration.between(first, last).toNanos() / 1e6;
        return new VirtualThreadView(recordingMs, started, ended, pinning, submitFailures, blockedTimes, poolWaits, carriers);
    }
}
