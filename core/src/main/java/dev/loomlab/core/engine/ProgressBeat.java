package dev.loomlab.core.engine;

/**
 * When an engine's next progress line is due: once a period, on the beat counted from the start rather than a
 * period after the last line, so that the lines keep pace with the run; a beat missed is not made up.
 */
public final class ProgressBeat {
    private final long period;
    private long next;

    /** Beats every {@code period} after {@code start}, both in the unit of the clock {@link #due} is given. */
    public ProgressBeat(long start, long period) {
        this.period = period;
        this.next = start + period;
    }

    /** True when a beat has come by {@code now}; the next is then the beat after it, or a period from now if that passed too. */
    public boolean due(long now) {
        if (now < next) {
            return false;
        }
        next += period;
        if (next <= now) {
            next = now + period;
        }
        return true;
    }
}
