package dev.loomlab.core.probe;

import dev.loomlab.core.outcome.PinnedStack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The probes of a trial, run around each iteration in a fixed order, and — only when asked — the
 * sampler thread that looks at thread counts while the iteration runs. Closing the set stops the sampler
 * and closes every probe that holds something (the JFR recording of an iteration that threw before its
 * {@link #afterIteration}).
 */
public final class ProbeSet implements AutoCloseable {
    private final List<Probe> probes;
    private final PinningProbe pinning;
    private final Sampler sampler;

    private ProbeSet(List<Probe> probes, PinningProbe pinning, boolean sample) {
        this.probes = probes;
        this.pinning = pinning;
        List<SampledProbe> sampled = new ArrayList<>();
        for (Probe p : probes) {
            if (p instanceof SampledProbe s) {
                sampled.add(s);
            }
        }
        this.sampler = sample && !sampled.isEmpty() ? new Sampler(sampled) : null;
    }

    /** As {@link #of(boolean, boolean, boolean)} for a model that runs no virtual threads. */
    public static ProbeSet of(boolean pinning, boolean sample) {
        return of(pinning, sample, false);
    }

    /**
     * CPU, RSS, heap, allocation, threads, carriers and GC; with {@code virtual} (a model of virtual threads), the
     * scheduler's own figures where the JDK has them ({@link SchedulerProbe}) and, with {@code sample}, the timer probe
     * ({@link TimerProbe}); with {@code pinning}, JFR pinning first, so
     * its recording starts before the others take their readings and is stopped and read after they have taken theirs
     * (its work is not counted). With {@code sample}, a sampler thread reads the thread counts, and the scheduler's
     * mounted and queued virtual threads, every {@value Sampler#PERIOD_MS} ms during each iteration; without it nothing
     * runs beside the model.
     */
    public static ProbeSet of(boolean pinning, boolean sample, boolean virtual) {
        List<Probe> probes = new ArrayList<>();
        PinningProbe pinningProbe = pinning ? new PinningProbe() : null;
        if (pinningProbe != null) {
            probes.add(pinningProbe);
        }
        // before the others, so that their own reads and the timer's start fall outside the others' readings
        if (virtual) {
            probes.add(new SchedulerProbe(sample));
            if (sample) {
                probes.add(new TimerProbe());
            }
        }
        probes.addAll(List.of(new GcProbe(), new HeapProbe(), new RssProbe(), new ThreadsProbe(sample),
                new CarriersProbe(), new AllocationProbe(), new CpuProbe()));
        return new ProbeSet(probes, pinningProbe, sample);
    }

    public void beforeIteration() {
        for (Probe p : probes) {
            p.beforeIteration();
        }
        if (sampler != null) {
            sampler.start();
        }
    }

    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        if (sampler != null) {
            sampler.stop();
        }
        for (int i = probes.size() - 1; i >= 0; i--) {
            probes.get(i).afterIteration(wallNanos, metrics);
        }
    }

    /** The last iteration's top pinned stacks; null when this set does not record pinning. */
    public List<PinnedStack> pinnedStacks() {
        return pinning == null ? null : pinning.stacks();
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (Probe p : probes) {
            if (p instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                } catch (Exception e) {
                    failure = failure == null ? new IllegalStateException(e) : failure;
                }
            }
        }
        if (sampler != null) {
            sampler.close();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The probes, in their order (tests look at them). */
    List<Probe> probes() {
        return probes;
    }
}
