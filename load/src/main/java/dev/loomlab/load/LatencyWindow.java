package dev.loomlab.load;

import org.HdrHistogram.Histogram;

/**
 * The latencies a run recorded since the previous look: the difference of two successive copies of its cumulative
 * histogram (ns), so that the generator records nothing twice. For whoever shows a run second by second.
 */
final class LatencyWindow {
    private Histogram previous;

    /** What {@code now} recorded beyond the previous copy; null without latencies. */
    Histogram next(Histogram now) {
        if (now == null) {
            return null;
        }
        Histogram window = now.copy();
        if (previous != null && previous.getTotalCount() <= now.getTotalCount()) {
            window.subtract(previous);
        }
        previous = now;
        return window;
    }
}
