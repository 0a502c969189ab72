package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.probe.CarriersProbe;
import dev.loomlab.core.probe.HelperThreads;
import dev.loomlab.core.probe.StopTheWorldCollectors;
import dev.loomlab.core.stats.Metric;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The trial JVM's side of a live view: a {@link HelperThreads helper} daemon thread that, once every
 * {@value #PERIOD_MS} ms, reads the running iteration's task counters (kept by the trial anyway, so the
 * measured tasks do no extra work) and the JVM's own counters, and hands them out as {@link LiveSample}s;
 * plus a last count when each iteration ends and its latency percentiles when a measured one does.
 * Started only when the run is watched live.
 */
final class LiveSampler implements ProgressListener, AutoCloseable {
    /** How often the sampler looks, in ms. */
    static final long PERIOD_MS = 1000;

    private final ProgressListener progress;
    private final Consumer<LiveSample> out;
    private final Thread thread;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    // The stop-the-world collectors only, as GcProbe counts them.
    private final StopTheWorldCollectors collectors = new StopTheWorldCollectors();
    private final CarriersProbe carriers = new CarriersProbe();
    private final Map<String, Double> carrierCount = new HashMap<>();
    private Counters current;
    private int iteration;
    private volatile boolean closed;

    /** The counters of one iteration. */
    private record Counters(int iteration, IntSupplier completed, IntSupplier failed) {
        LiveSample.Tasks read() {
            return new LiveSample.Tasks(iteration, completed.getAsInt(), failed.getAsInt());
        }
    }

    /**
     * @param progress told of every iteration, as without the live view
     * @param out      takes every sample, from the sampler thread and the trial's own
     */
    LiveSampler(ProgressListener progress, Consumer<LiveSample> out) {
        this.progress = progress;
        this.out = out;
        this.thread = HelperThreads.start("loomlab-live", this::loop);
    }

    private void loop() {
        while (!closed) {
            Counters running;
            synchronized (this) {
                running = current;
            }
            if (running != null) {
                out.accept(running.read());
            }
            out.accept(jvm());
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PERIOD_MS));
        }
    }

    /** The JVM now; loomlab's own helper threads are not counted. */
    LiveSample.Jvm jvm() {
        carriers.afterIteration(0, carrierCount);
        double cpu = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0 ? os.getProcessCpuTime() / 1e9 : Double.NaN;
        long pauseMs = collectors.timeMillis();
        long pauses = collectors.count();
        return new LiveSample.Jvm(Math.max(0, threads.getThreadCount() - HelperThreads.alive()),
                carrierCount.get(Metric.CARRIERS.name()).intValue(), memory.getHeapMemoryUsage().getUsed(), cpu, pauseMs / 1e3, pauses);
    }

    @Override
    public void iterationStarts(IntSupplier completed, IntSupplier failed) {
        synchronized (this) {
            current = new Counters(++iteration, completed, failed);
        }
        progress.iterationStarts(completed, failed);
    }

    @Override
    public void progress(String phase, int done, int total) {
        Counters ended;
        synchronized (this) {
            ended = current;
            current = null;
        }
        // The iteration's full count, before the next one resets the counters.
        if (ended != null) {
            out.accept(ended.read());
        }
        progress.progress(phase, done, total);
    }

    @Override
    public void iterationLatencies(Histogram nanos) {
        out.accept(new LiveSample.Latency(nanos.getTotalCount(), seconds(nanos.getValueAtPercentile(50)),
                seconds(nanos.getValueAtPercentile(90)), seconds(nanos.getValueAtPercentile(99)),
                seconds(nanos.getValueAtPercentile(99.9)), seconds(nanos.getMaxValue())));
        out.accept(buckets(nanos));
        progress.iterationLatencies(nanos);
    }

    /** The iteration's latencies in {@link LiveSample.LatencyBuckets#BOUNDS_SECONDS}' buckets. */
    static LiveSample.LatencyBuckets buckets(Histogram nanos) {
        double[] bounds = LiveSample.LatencyBuckets.BOUNDS_SECONDS;
        long[] per = new long[bounds.length + 1];
        long below = 0;
        for (int i = 0; i < bounds.length; i++) {
            // A bound past what the histogram tracks holds all of it.
            long upTo = nanos.getCountBetweenValues(0, Math.min((long) (bounds[i] * 1e9), nanos.getHighestTrackableValue()));
            per[i] = upTo - below;
            below = upTo;
        }
        per[bounds.length] = nanos.getTotalCount() - below;
        return new LiveSample.LatencyBuckets(nanos.getTotalCount(), nanos.getMean() * nanos.getTotalCount() / 1e9, per);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
