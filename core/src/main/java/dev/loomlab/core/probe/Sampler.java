package dev.loomlab.core.probe;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One daemon platform thread that calls {@link SampledProbe#sample} every period while an iteration
 * runs and idles between iterations. A {@link HelperThreads helper thread}: the thread probes subtract it.
 */
public final class Sampler implements AutoCloseable {
    /** How often sampled probes look, in ms. */
    public static final long PERIOD_MS = 10;

    private final List<SampledProbe> probes;
    private final Thread thread;
    private volatile boolean active;
    private volatile boolean closed;

    public Sampler(List<SampledProbe> probes) {
        this.probes = List.copyOf(probes);
        this.thread = HelperThreads.start("loomlab-sampler", this::loop);
    }

    private void loop() {
        while (!closed) {
            sampleIfActive();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PERIOD_MS));
        }
    }

    /** Under the lock {@link #stop} takes, so that no sample runs after its last one, beside the probes' readings. */
    private synchronized void sampleIfActive() {
        if (active) {
            sampleAll();
        }
    }

    private synchronized void sampleAll() {
        for (SampledProbe p : probes) {
            p.sample();
        }
    }

    /** Takes a first sample and starts sampling (after the probes' beforeIteration, before the timing). */
    public void start() {
        sampleAll();
        active = true;
    }

    /** Stops sampling and takes a last sample. */
    public synchronized void stop() {
        active = false;
        sampleAll();
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
