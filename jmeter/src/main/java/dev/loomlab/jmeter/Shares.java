package dev.loomlab.jmeter;

/**
 * Every JMeter engine runs the whole plan it is given, so a load spread over k engines gives each its share:
 * N users as ⌈N/k⌉ for the first N mod k engines and ⌊N/k⌋ for the rest (the shares sum to N exactly), a rate
 * as R/k each.
 */
final class Shares {
    private Shares() {
    }

    /** Engine {@code i}'s share (0-based) of {@code total} users over {@code engines}. */
    static int users(int total, int engines, int i) {
        if (engines < 1 || i < 0 || i >= engines) {
            throw new IllegalArgumentException("engine " + i + " of " + engines);
        }
        return total / engines + (i < total % engines ? 1 : 0);
    }

    /** Engine {@code i}'s share of {@code rate} requests per second over {@code engines}. */
    static double rate(double rate, int engines, int i) {
        if (engines < 1 || i < 0 || i >= engines) {
            throw new IllegalArgumentException("engine " + i + " of " + engines);
        }
        return rate / engines;
    }
}
