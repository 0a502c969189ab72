package dev.loomlab.core.probe;

import java.util.Map;

/**
 * {@code carriers}: the peak number of live carrier threads (the platform threads of the virtual-thread
 * scheduler) during the iteration — the threads that ran virtual threads. The scheduler creates them on
 * demand and keeps them a while, so a later iteration can see carriers an earlier one started.
 */
public final class CarriersProbe implements SampledProbe {
    private static final String CARRIER_CLASS = "jdk.internal.misc.CarrierThread";
    private final ThreadGroup root;
    private Thread[] buffer = new Thread[256];
    private volatile int peak;

    public CarriersProbe() {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        while (g.getParent() != null) {
            g = g.getParent();
        }
        this.root = g;
    }

    @Override
    public void beforeIteration() {
        peak = 0;
    }

    @Override
    public void sample() {
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
        peak = Math.max(peak, carriers);
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        metrics.put("carriers", (double) peak);
    }
}
