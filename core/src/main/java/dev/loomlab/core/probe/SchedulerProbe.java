package dev.loomlab.core.probe;

import dev.loomlab.core.stats.Metric;

import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Optional;

/**
 * The virtual-thread scheduler as the JDK's own management bean reports it (JDK 24 and later,
 * {@value #NAME}), read by name so that trial code compiled for Java 21 runs it: {@code vt_parallelism} and
 * {@code vt_pool_size} (carriers the pool has started and not ended, compensating ones included) at the iteration's
 * end, the pool size also at its sampled peak; and, only when a {@link Sampler} calls {@link #sample}, the mean and
 * peak of the virtual threads mounted and queued ({@code vt_mounted_mean}, {@code vt_mounted_peak},
 * {@code vt_queued_mean}, {@code vt_queued_peak}). On a JDK without the bean nothing is added ({@link #absence} says
 * why); reading it runs after the timing or on the sampler's thread, never inside the model's work.
 */
public final class SchedulerProbe implements SampledProbe {
    /** The bean's name on the platform MBean server. */
    public static final String NAME = "jdk.management:type=VirtualThreadScheduler";
    private static final String[] SAMPLED = {"MountedVirtualThreadCount", "QueuedVirtualThreadCount", "PoolSize"};
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final ObjectName name;
    private final boolean sampled;
    private volatile long samples;
    private volatile double mountedSum;
    private volatile double queuedSum;
    private volatile long mountedPeak;
    private volatile long queuedPeak;
    private volatile long poolPeak;

    /** @param sampled true when a {@link Sampler} calls {@link #sample} during each iteration */
    public SchedulerProbe(boolean sampled) {
        this.name = present();
        this.sampled = sampled;
    }

    /** Why this JVM reports no scheduler figures; empty when it does. */
    public static Optional<String> absence() {
        return present() == null
                ? Optional.of("no " + NAME + " bean on Java " + Runtime.version().feature() + " (it came with JDK 24):"
                        + " vt_parallelism, vt_pool_size, vt_mounted_* and vt_queued_* are left out")
                : Optional.empty();
    }

    /**
     * The scheduler now, read from outside any timed model (a server's stats reply): parallelism, pool size, mounted and
     * queued virtual threads, by attribute name; empty without the bean, or while the scheduler has started no carrier
     * (a JVM whose virtual threads never ran has nothing to tell).
     */
    public static Optional<Map<String, Long>> now() {
        ObjectName name = present();
        if (name == null) {
            return Optional.empty();
        }
        String[] attributes = {"Parallelism", "PoolSize", "MountedVirtualThreadCount", "QueuedVirtualThreadCount"};
        long[] v = read(ManagementFactory.getPlatformMBeanServer(), name, attributes);
        if (v == null || v[1] <= 0) {
            return Optional.empty();
        }
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < attributes.length; i++) {
            if (v[i] >= 0) {
                out.put(attributes[i], v[i]);
            }
        }
        return Optional.of(out);
    }

    private static ObjectName present() {
        try {
            ObjectName n = new ObjectName(NAME);
            return ManagementFactory.getPlatformMBeanServer().isRegistered(n) ? n : null;
        } catch (JMException e) {
            return null;
        }
    }

    @Override
    public void beforeIteration() {
        samples = 0;
        mountedSum = 0;
        queuedSum = 0;
        mountedPeak = 0;
        queuedPeak = 0;
        poolPeak = 0;
    }

    @Override
    public void sample() {
        if (name == null) {
            return;
        }
        long[] v = read(SAMPLED);
        if (v == null) {
            return;
        }
        // -1: the JDK cannot tell; such a reading is left out rather than counted as zero
        if (v[0] >= 0 && v[1] >= 0) {
            mountedSum += v[0];
            queuedSum += v[1];
            mountedPeak = Math.max(mountedPeak, v[0]);
            queuedPeak = Math.max(queuedPeak, v[1]);
            samples++;
        }
        poolPeak = Math.max(poolPeak, v[2]);
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        if (name == null) {
            return;
        }
        long[] v = read(new String[] {"Parallelism", "PoolSize"});
        if (v == null) {
            return;
        }
        metrics.put(Metric.VT_PARALLELISM.name(), (double) v[0]);
        if (v[1] >= 0) {
            metrics.put(Metric.VT_POOL_SIZE.name(), (double) Math.max(v[1], poolPeak));
        }
        if (sampled && samples > 0) {
            metrics.put(Metric.VT_MOUNTED_MEAN.name(), mountedSum / samples);
            metrics.put(Metric.VT_MOUNTED_PEAK.name(), (double) mountedPeak);
            metrics.put(Metric.VT_QUEUED_MEAN.name(), queuedSum / samples);
            metrics.put(Metric.VT_QUEUED_PEAK.name(), (double) queuedPeak);
        }
    }

    private long[] read(String[] attributes) {
        return read(server, name, attributes);
    }

    /** The named attributes as numbers, in order; null when the bean could not be read. */
    private static long[] read(MBeanServer server, ObjectName name, String[] attributes) {
        try {
            Map<String, Object> byName = new java.util.HashMap<>();
            for (Attribute a : server.getAttributes(name, attributes).asList()) {
                byName.put(a.getName(), a.getValue());
            }
            long[] out = new long[attributes.length];
            for (int i = 0; i < out.length; i++) {
                if (!(byName.get(attributes[i]) instanceof Number n)) {
                    return null;
                }
                out[i] = n.longValue();
            }
            return out;
        } catch (JMException e) {
            return null;
        }
    }
}
