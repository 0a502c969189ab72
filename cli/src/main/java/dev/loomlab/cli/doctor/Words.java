package dev.loomlab.cli.doctor;

import java.util.Locale;
import java.util.OptionalLong;

/** How the checks write numbers: counts with separators, sizes in MB, limits as the kernel and ulimit print them. */
final class Words {
    /** What a fact that this system does not expose is called. */
    static final String UNAVAILABLE = "unavailable on this system";

    private Words() {
    }

    static String count(long n) {
        return Needs.count(n);
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", bytes >> 20);
    }

    /** A limit as {@code ulimit} prints it: a plain number (no separators, so that it can be typed back), or {@code unlimited}. */
    static String limit(OptionalLong v) {
        if (v.isEmpty()) {
            return "unknown";
        }
        return v.getAsLong() == Long.MAX_VALUE ? "unlimited" : Long.toString(v.getAsLong());
    }

    static String decimal(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.2f", d).replaceAll("0+$", "");
    }

    /** A value to ask for: {@code n} rounded up to a round figure (a multiple of 1,024 below 10,000, else of 10,000). */
    static long roundUp(long n) {
        long step = n < 10_000 ? 1_024 : 10_000;
        return (n + step - 1) / step * step;
    }
}
