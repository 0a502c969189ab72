package dev.loomlab.load;

/**
 * The open model's send schedule: when each request is <em>intended</em> to be sent, at {@code rate}
 * requests per second (times the ramp's factor in each step), regardless of when answers come back.
 * Latency is measured from these times, so a server stall delays no request's clock (coordinated
 * omission corrected, as wrk2 does). Not thread-safe: one dispatcher walks it.
 */
public final class OpenSchedule {
    private final double ratePerSecond;
    private final Ramp ramp;
    private final long measureStart;
    private final long end;
    private long next;
    private long issued;
    private int step;
    private double rate;
    private long stepFirst;
    private long inStep;

    /**
     * @param start the first request's intended time (ns on the generator's clock)
     * @param measureStart when measurement (and the ramp) starts
     * @param end no request is intended at or after this time
     */
    public OpenSchedule(double ratePerSecond, Ramp ramp, long start, long measureStart, long end) {
        if (!(ratePerSecond > 0)) {
            throw new IllegalArgumentException("rate must be > 0: " + ratePerSecond);
        }
        this.ratePerSecond = ratePerSecond;
        this.ramp = ramp;
        this.measureStart = measureStart;
        this.end = end;
        this.next = start;
        this.step = ramp.step(start - measureStart);
        this.rate = ratePerSecond * ramp.factor(step);
        this.stepFirst = start;
    }

    /** True while the next intended time lies before the end. */
    public boolean hasNext() {
        return next < end;
    }

    /** The next request's intended time, without taking it. */
    public long peek() {
        return next;
    }

    /**
     * Takes the next intended time and moves on. Times within a step are counted from the step's first
     * request ({@code first + k × 1e9 / rate}), so rounding never drifts across a step.
     */
    public long take() {
        long intended = next;
        issued++;
        inStep++;
        long candidate = stepFirst + Math.max(inStep, Math.round(inStep * 1e9 / rate));
        int candidateStep = ramp.step(candidate - measureStart);
        if (candidateStep != step) {
            step = candidateStep;
            rate = ratePerSecond * ramp.factor(step);
            stepFirst = candidate;
            inStep = 0;
        }
        next = candidate;
        return intended;
    }

    /** Requests taken so far. */
    public long issued() {
        return issued;
    }

    /** The target rate at {@code time}, requests per second. */
    public double rateAt(long time) {
        return ratePerSecond * ramp.factor(ramp.step(time - measureStart));
    }
}
