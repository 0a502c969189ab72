package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineSpec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape of one engine's JMeter plan, in plain numbers (no JMeter class): the closed model's thread groups
 * and the open model's arrival schedule, both following loomlab's load definition — warm-up, the measured
 * span, and article 003's step ramp (+20% users or rate at the end of every interval from the start of
 * measurement, as loomlab's {@code Ramp}).
 */
final class PlanShape {
    /** The ramp's growth per step, as loomlab's generator's. */
    private static final double STEP = 1.2;
    /** loomlab's generator stops growing after this many steps. */
    private static final int MAX_STEPS = 1000;

    private PlanShape() {
    }

    /**
     * A closed-model thread group: {@code users} threads, each a user that sends again once answered, started
     * {@code delaySeconds} after the test started (JMeter counts a thread group's delay in whole seconds).
     */
    record Group(int users, long delaySeconds) {
    }

    /**
     * Engine {@code i}'s thread groups of {@code engines}: its share of the users from the start, then, with a ramp,
     * one group per step holding the users its share grows by.
     */
    static List<Group> closed(EngineSpec spec, int engines, int i) {
        List<Group> groups = new ArrayList<>();
        int share = Shares.users(spec.users(), engines, i);
        if (share > 0) {
            groups.add(new Group(share, 0));
        }
        if (spec.rampNanos() > 0) {
            for (int k = 1; k <= MAX_STEPS; k++) {
                long at = spec.warmupNanos() + k * spec.rampNanos();
                if (at >= spec.warmupNanos() + spec.durationNanos()) {
                    break;
                }
                long level = Math.round(spec.users() * Math.pow(STEP, k));
                int next = Shares.users((int) Math.min(Integer.MAX_VALUE, level), engines, i);
                if (next > share) {
                    groups.add(new Group(next - share, Math.round(at / 1e9)));
                    share = next;
                }
            }
        }
        return groups;
    }

    /** One segment of an open-model schedule: {@code rate} arrivals per second for {@code millis}. */
    record Segment(double rate, long millis) {
    }

    /** The open model's segments at {@code rate} per second: the warm-up, then the measured span step by step. */
    static List<Segment> segments(EngineSpec spec, double rate) {
        List<Segment> out = new ArrayList<>();
        long warmupMs = Math.round(spec.warmupNanos() / 1e6);
        long durationMs = Math.round(spec.durationNanos() / 1e6);
        if (warmupMs > 0) {
            out.add(new Segment(rate, warmupMs));
        }
        if (spec.rampNanos() == 0) {
            out.add(new Segment(rate, durationMs));
            return out;
        }
        double stepMs = spec.rampNanos() / 1e6;
        for (int k = 0; k <= MAX_STEPS; k++) {
            long from = Math.round(k * stepMs);
            long to = k == MAX_STEPS ? durationMs : Math.min(durationMs, Math.round((k + 1) * stepMs));
            if (from >= durationMs) {
                break;
            }
            if (to > from) {
                out.add(new Segment(rate * Math.pow(STEP, k), to - from));
            }
        }
        return out;
    }

    /**
     * The open model's schedule in {@code OpenModelThreadGroup}'s words: each segment a constant rate of random
     * (Poisson) arrivals — {@code rate(R/sec) random_arrivals(D ms) rate(R/sec)}, the closing rate keeping JMeter
     * from ramping linearly to the next — then a pause of {@code pauseMillis} in which the last requests may end.
     */
    static String schedule(List<Segment> segments, long pauseMillis) {
        StringBuilder sb = new StringBuilder();
        for (Segment s : segments) {
            String r = plain(s.rate());
            sb.append(sb.isEmpty() ? "" : " ").append("rate(").append(r).append("/sec) random_arrivals(").append(s.millis())
                    .append(" ms) rate(").append(r).append("/sec)");
        }
        if (pauseMillis > 0) {
            sb.append(" pause(").append(pauseMillis).append(" ms)");
        }
        return sb.toString();
    }

    static String plain(double v) {
        return BigDecimal.valueOf(v).setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
