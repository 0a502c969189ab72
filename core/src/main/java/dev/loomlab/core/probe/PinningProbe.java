package dev.loomlab.core.probe;

import dev.loomlab.core.pinning.PinnedEvents;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.stats.Metric;
import dev.loomlab.core.pinning.PinningRecorder;

import java.util.List;
import java.util.Map;

/**
 * {@code pinned_events} and {@code pinned_time_ms}: JFR {@code jdk.VirtualThreadPinned} events of the
 * iteration (threshold 0, so no pin is missed) and their total duration, with the top stacks kept for
 * the result. Unavailable (NaN, no stacks) on a runtime without the {@code jdk.jfr} module or with JFR
 * disabled. An iteration that throws never reaches {@link #afterIteration}: its recording is closed by
 * the next {@link #beforeIteration} or by {@link #close} (the {@link ProbeSet}'s), whichever comes first.
 */
public final class PinningProbe implements Probe, AutoCloseable {
    private final PinningRecorder recorder;
    private boolean recording;
    private List<PinnedStack> stacks;

    public PinningProbe() {
        this.recorder = available() ? new PinningRecorder() : null;
        if (recorder != null) {
            // JFR starts its threads and loads its classes with the first recording: do that now,
            // before the first iteration, not inside it.
            warmUp();
        }
    }

    private static boolean available() {
        return ModuleLayer.boot().findModule("jdk.jfr").isPresent();
    }

    private void warmUp() {
        try {
            recorder.start();
            recorder.stop();
        } catch (RuntimeException e) {
            // JFR disabled here: each iteration will say unavailable
        }
    }

    @Override
    public void beforeIteration() {
        stacks = null;
        recording = false;
        if (recorder != null) {
            try {
                recorder.start();
                recording = true;
            } catch (RuntimeException e) {
                recording = false;
            }
        }
    }

    @Override
    public void afterIteration(long wallNanos, Map<String, Double> metrics) {
        if (!recording) {
            metrics.put(Metric.PINNED_EVENTS.name(), Double.NaN);
            metrics.put(Metric.PINNED_TIME_MS.name(), Double.NaN);
            return;
        }
        PinnedEvents events = recorder.stop();
        metrics.put(Metric.PINNED_EVENTS.name(), (double) events.events());
        metrics.put(Metric.PINNED_TIME_MS.name(), events.timeMs());
        stacks = PinnedStack.top(events.stacks(), PinnedStack.TOP);
    }

    /** Closes a recording still in progress (its iteration threw) and deletes its file. */
    @Override
    public void close() {
        recording = false;
        if (recorder != null) {
            recorder.close();
        }
    }

    /** True while this probe's recording of an iteration is open. */
    boolean recording() {
        return recorder != null && recorder.recording();
    }

    /** The top stacks of the last iteration, most events first; null when nothing was recorded. */
    public List<PinnedStack> stacks() {
        return stacks;
    }
}
