package dev.loomlab.core.probe;

import dev.loomlab.core.pinning.PinnedStack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The standard probes of a trial and their sampler, run around each iteration in a fixed order. Closing
 * the set stops the sampler and closes every probe that holds something (the JFR recording of an
 * iteration that threw before its {@link #afterIteration}).
 */
public final class ProbeSet implements AutoCloseable {
    private final List<Probe> probes;
    private final Sampler sampler;

    private ProbeSet(List<Probe> probes) {
        this.probes = probes;
        List<SampledProbe> sampled = new ArrayList<>();
        for (Probe p : probes) {
            if (p instanceof SampledProbe s) {
                sampled.add(s);
            }
        }
        this.sampler = new Sampler(sampled);
    }

    /** CPU, RSS, heap, allocation, threads, carriers and GC. */
    public static ProbeSet standard() {
        return new ProbeSet(List.of(new GcProbe(), new HeapProbe(), new RssProbe(), new ThreadsProbe(),
                new CarriersProbe(), new AllocationProbe(), new CpuProbe()));
    }

    /**
     * The standard probes and JFR pinning. Pinning comes first, so its recording starts before the others
     * take their readings and is stopped and read after they have taken theirs (its work is not counted).
     */
    public static ProbeSet withPinning() {
        return new ProbeSet(List.of(new PinningProbe(), new GcProbe(), new HeapProbe(), new RssProbe(),
                new ThreadsProbe(), new CarriersProbe(), new AllocationProbe(), new CpuProbe()));
    }

    public void beforeIteration() {
        for (Probe p : probes) {
            p.beforeIteration();
        }
        sampler.start();
    }

    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        sampler.stop();
        for (int i = probes.size() - 1; i >= 0; i--) {
            probes.get(i).afterIteration(wallNanos, metrics);
        }
    }

    /** The last iteration's top pinned stacks; null when this set does not record pinning. */
    public List<PinnedStack> pinnedStacks() {
        for (Probe p : probes) {
            if (p instanceof PinningProbe pinning) {
                return pinning.stacks();
            }
        }
        return null;
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
        sampler.close();
        if (failure != null) {
            throw failure;
        }
    }

    /** The probes, in their order (tests look at them). */
    List<Probe> probes() {
        return probes;
    }
}
