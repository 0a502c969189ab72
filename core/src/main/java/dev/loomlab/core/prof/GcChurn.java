package dev.loomlab.core.prof;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The heap each garbage collection freed, per heap pool, over a span ({@link #begin} … {@link #end}):
 * for every collection in the span, the pool's used bytes before it minus after it when that is positive
 * (JMH's {@code gc.churn}). Collections are told apart by their collector's count: a collection's id is
 * the count of its collector after it, so the span's collections are those with ids between the counts
 * read at {@link #begin} and at {@link #end}, whenever their notification arrives (the JDK delivers them
 * on its own thread, after the collection). A young collection's churn counts what it copied out of eden
 * as well as what it freed; a concurrent collector's counts less than it freed, since the application
 * allocates into the pools while the cycle runs.
 */
final class GcChurn implements AutoCloseable {
    /** How long {@link #end} waits for the notifications of the span's last collections. */
    static final Duration NOTIFICATION_WAIT = Duration.ofSeconds(5);

    /** One collection: its collector, its id, and the bytes it freed per heap pool. */
    private record Collection(String collector, long id, Map<String, Long> freed) {
    }

    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private final List<String> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).toList();
    private final Queue<Collection> received = new ConcurrentLinkedQueue<>();
    private final NotificationListener listener = this::collected;
    private final List<NotificationEmitter> listening = new ArrayList<>();
    private final List<Collection> pending = new ArrayList<>();
    private final boolean complete;
    private Map<String, Long> countsBefore;

    GcChurn() {
        boolean all = true;
        for (GarbageCollectorMXBean bean : collectors) {
            if (bean instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                listening.add(emitter);
            } else {
                all = false;
            }
        }
        this.complete = all;
    }

    /** The heap pools, in the JVM's order. */
    List<String> pools() {
        return pools;
    }

    private void collected(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        Map<String, MemoryUsage> before = info.getGcInfo().getMemoryUsageBeforeGc();
        Map<String, MemoryUsage> after = info.getGcInfo().getMemoryUsageAfterGc();
        Map<String, Long> freed = new HashMap<>();
        for (String pool : pools) {
            MemoryUsage b = before.get(pool);
            MemoryUsage a = after.get(pool);
            if (b != null && a != null && b.getUsed() > a.getUsed()) {
                freed.put(pool, b.getUsed() - a.getUsed());
            }
        }
        received.add(new Collection(info.getGcName(), info.getGcInfo().getId(), freed));
    }

    /** Starts a span. */
    void begin() {
        countsBefore = counts();
        pending.clear();
        drain();
    }

    /**
     * Ends the span: the bytes its collections freed per heap pool (every pool, 0 when none freed), or
     * null when not every collection's notification arrived within {@link #NOTIFICATION_WAIT} (or a
     * collector sends none).
     */
    Map<String, Long> end() {
        Map<String, Long> countsAfter = counts();
        long deadline = System.nanoTime() + NOTIFICATION_WAIT.toNanos();
        drain();
        while (!allArrived(countsAfter)) {
            if (!complete || System.nanoTime() - deadline > 0) {
                pending.clear();
                return null;
            }
            LockSupport.parkNanos(1_000_000);
            drain();
        }
        Map<String, Long> freed = new LinkedHashMap<>();
        pools.forEach(p -> freed.put(p, 0L));
        for (Collection c : pending) {
            if (c.id() <= countsAfter.getOrDefault(c.collector(), 0L)) {
                c.freed().forEach((pool, bytes) -> freed.merge(pool, bytes, Long::sum));
            }
        }
        pending.clear();
        return freed;
    }

    /** Moves what arrived into {@link #pending}, keeping only collections after {@link #begin}'s counts. */
    private void drain() {
        for (Collection c; (c = received.poll()) != null; ) {
            if (c.id() > countsBefore.getOrDefault(c.collector(), Long.MAX_VALUE)) {
                pending.add(c);
            }
        }
    }

    private boolean allArrived(Map<String, Long> countsAfter) {
        long expected = 0;
        for (Map.Entry<String, Long> e : countsAfter.entrySet()) {
            expected += Math.max(0, e.getValue() - countsBefore.getOrDefault(e.getKey(), 0L));
        }
        long arrived = pending.stream().filter(c -> c.id() <= countsAfter.getOrDefault(c.collector(), 0L)).count();
        return arrived >= expected;
    }

    private Map<String, Long> counts() {
        Map<String, Long> counts = new HashMap<>();
        for (GarbageCollectorMXBean bean : collectors) {
            counts.put(bean.getName(), Math.max(0, bean.getCollectionCount()));
        }
        return counts;
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : listening) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // already gone: nothing to remove
            }
        }
        listening.clear();
        received.clear();
    }
}
