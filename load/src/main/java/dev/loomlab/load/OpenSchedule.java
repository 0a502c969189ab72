package dev.loomlab.load;

/**
 * The open model's send schedule: when each request is <em>intended</em> to be sent, at {@code rate}
 * requests per second (times the ramp's factor in each step), regardless of when answers come back.
 * Latency is measured from these times, so a server stall delays no request's clock (coordinated
 * omission corrected, as wrk2 does). The warm-up climbs to the rate in {@value #WARM_UP_STEPS} equal steps
 * (10%, 20% … 100%) over its first half, then holds the rate for its second half: a target and a generator that
 * start cold at the full rate fall behind in their first second, and the requests that queue meanwhile open
 * connection after connection (6,773 for a 28,000/s load against {@code serve jdk -p delay=10ms}, whose steady
 * state needs about 300), a backlog the measured span inherits; and a target that has only just reached the rate
 * may still be working off the climb's last steps. Not thread-safe: one dispatcher walks it.
 */
public final class OpenSchedule {
    /**
     * The warm-up's climb: its k-th step (1-based) runs at k / WARM_UP_STEPS of the rate, for a WARM_UP_STEPS-th of the
     * climb; the last step lasts on to the end of the warm-up.
     */
    static final int WARM_UP_STEPS = 10;
    /** The share of the warm-up spent climbing; the rest holds the full rate. */
    static final double CLIMB_SHARE = 0.5;
    private final double ratePerSecond;
    private final Ramp ramp;
    private final long start;
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
        this.start = start;
        this.measureStart = measureStart;
        this.end = end;
        this.next = start;
        this.step = stepAt(start);
        this.rate = ratePerSecond * factor(step);
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
        int candidateStep = stepAt(candidate);
        if (candidateStep != step) {
            step = candidateStep;
            rate = ratePerSecond * factor(step);
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
        return ratePerSecond * factor(stepAt(time));
    }

    /**
     * The step in force at {@code time}: during the warm-up −{@value #WARM_UP_STEPS} … −1, from the start of
     * measurement the ramp's 0, 1, 2 …
     */
    private int stepAt(long time) {
        if (time >= measureStart) {
            return ramp.step(time - measureStart);
        }
        double climb = CLIMB_SHARE * (measureStart - start);
        int k = (int) Math.min(WARM_UP_STEPS - 1, Math.max(0, Math.floor((time - start) * WARM_UP_STEPS / climb)));
        return k - WARM_UP_STEPS;
    }

    private double factor(int step) {
        return step < 0 ? (double) (step + WARM_UP_STEPS + 1) / WARM_UP_STEPS : ramp.factor(step);
    }
}
