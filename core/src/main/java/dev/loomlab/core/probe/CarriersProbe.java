package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;
import java.util.Map;

/**
 * {@code carriers}: the carrier threads (the platform threads of the virtual-thread scheduler) alive at
 * the end of the iteration. The scheduler starts carriers on demand and keeps an idle one for 30 s, so
 * this counts every carrier the iteration used — plus any left idle by an earlier iteration, which in a
 * steady state are the same ones. Counted after the timing, never inside it: enumerating thousands of
 * platform threads every few milliseconds would slow the models being measured.
 */
public final class CarriersProbe implements Probe {
    private static final String CARRIER_CLASS = "jdk.internal.misc.CarrierThread";
    private final ThreadGroup root;
    private Thread[] buffer = new Thread[256];

    public CarriersProbe() {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        while (g.getParent() != null) {
            g = g.getParent();
        }
        this.root = g;
    }

    @Override
    public void beforeIteration() {
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        metrics.put(Metric.CARRIERS.name(), (double) count());
    }

    private int count() {
        int n;
        while ((n = root.enumerate(buffer, true)) == buffer.length) {
            buffer = new Thread[buffer.length * 2];
        }
        int carriers = 0;
        for (int i = 0; i < n; i++) {
            if (buffer[i].getClass().getName().equals(CARRIER_CLASS)) {
                carriers++;
            }
            buffer[i] = null;
        }
        return carriers;
    }

    /** The carrier threads alive in this JVM now: 0 until its virtual threads have run. */
    public static int alive() {
        return new CarriersProbe().count();
    }
}
