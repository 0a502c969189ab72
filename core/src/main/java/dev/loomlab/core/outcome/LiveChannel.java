package dev.loomlab.core.outcome;

import java.util.function.Consumer;

/**
 * Where code inside a trial JVM that is not a task of the trial (a load generator, a process sampler)
 * sends its {@link LiveSample}s: to the same stream as the trial's own samples, when the run is watched
 * live, and nowhere otherwise. {@link #isOpen()} lets such code skip the work of a sample nobody reads.
 */
public final class LiveChannel {
    private static volatile Consumer<LiveSample> out;

    private LiveChannel() {
    }

    /** Sends every later sample to {@code sink}; the trial JVM calls it once, when the run is watched live. */
    public static void open(Consumer<LiveSample> sink) {
        out = sink;
    }

    /** True when a sample sent now reaches a watcher. */
    public static boolean isOpen() {
        return out != null;
    }

    /** Hands {@code sample} to the watcher, if there is one. */
    public static void send(LiveSample sample) {
        Consumer<LiveSample> sink = out;
        if (sink != null) {
            sink.accept(sample);
        }
    }
}
