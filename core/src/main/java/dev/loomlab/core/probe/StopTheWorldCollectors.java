package dev.loomlab.core.probe;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * This JVM's stop-the-world collectors: their collections and the time they stopped the application, ms, since
 * the JVM started. Beans named "… Cycles" or "… Concurrent …" count concurrent work, which does not stop the
 * application and would double-count, so they are left out.
 */
public final class StopTheWorldCollectors {
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(b -> !b.getName().contains("Cycles") && !b.getName().contains("Concurrent"))
            .toList();

    /** Stop-the-world collections so far. */
    public long count() {
        return collectors.stream().mapToLong(b -> Math.max(0, b.getCollectionCount())).sum();
    }

    /** Their time so far, ms. */
    public long timeMillis() {
        return collectors.stream().mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }
}
