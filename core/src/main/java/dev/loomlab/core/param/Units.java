package dev.loomlab.core.param;

import dev.loomlab.core.BadInputException;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats values with units: durations ({@code 300ms}, {@code 2s}, {@code 1m}) as
 * nanoseconds, and counts ({@code 10k}, {@code 1M}) as plain numbers. Errors are {@link BadInputException}s
 * that start with {@code what}, the name of what was given (e.g. {@code --timeout}), unless it is null.
 */
public final class Units {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)");
    private static final Pattern COUNT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kKmMgG]?)");
    private static final String[] UNIT_NAMES = {"h", "m", "s", "ms", "us", "ns"};
    private static final long[] UNIT_NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};

    private Units() {
    }

    /** The error for {@code text} given as {@code what}; a null {@code what} (a value whose name the caller adds) leaves it out. */
    private static BadInputException bad(String what, String message) {
        return new BadInputException(what == null ? message : what + ": " + message);
    }

    /** A duration such as {@code 300ms}, {@code 1.5s}, {@code 2m}, in nanoseconds; a unit is required. */
    public static long parseDurationNanos(String what, String text) {
        String t = text.trim();
        Matcher m = DURATION.matcher(t);
        if (!m.matches()) {
            if (t.matches("-.*")) {
                throw bad(what, "'" + text + "' is negative; a duration must be 0 or more");
            }
            if (t.matches("\\d+(\\.\\d+)?")) {
                throw bad(what, "'" + text + "' needs a unit (ns, us, ms, s, m, h), e.g. 300ms");
            }
            throw bad(what, "'" + text + "' is not a duration (e.g. 300ms, 2s, 1m)");
        }
        BigDecimal value = new BigDecimal(m.group(1));
        String unit = m.group(2).equals("µs") ? "us" : m.group(2);
        for (int i = 0; i < UNIT_NAMES.length; i++) {
            if (UNIT_NAMES[i].equals(unit)) {
                return whole(value.multiply(BigDecimal.valueOf(UNIT_NANOS[i])), what, text, "is finer than a nanosecond");
            }
        }
        throw new AssertionError(unit);
    }

    /** A count such as {@code 10000}, {@code 10k}, {@code 1.5M}; suffixes k = 10^3, m/M = 10^6, g/G = 10^9. */
    public static long parseCount(String what, String text) {
        String t = text.trim().replace("_", "").replace(",", "");
        Matcher m = COUNT.matcher(t);
        if (!m.matches()) {
            if (t.matches("-\\s*\\d.*")) {
                throw bad(what, "'" + text + "' is negative; a count must be 0 or more");
            }
            throw bad(what, "'" + text + "' is not a count (e.g. 10000, 10k, 1M)");
        }
        long multiplier = switch (m.group(2)) {
            case "k", "K" -> 1_000L;
            case "m", "M" -> 1_000_000L;
            case "g", "G" -> 1_000_000_000L;
            default -> 1L;
        };
        return whole(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier)), what, text, "is not a whole number");
    }

    /** {@code value} as a long; refused, quoting {@code text}, when it has a fraction ({@code fraction} says why) or is too large. */
    private static long whole(BigDecimal value, String what, String text, String fraction) {
        if (value.stripTrailingZeros().scale() > 0) {
            throw bad(what, "'" + text + "' " + fraction);
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw bad(what, "'" + text + "' is too large");
        }
    }

    /** A plain decimal such as {@code 0.01}, or a percentage such as {@code 1%} (= 0.01). */
    public static double parseDecimal(String what, String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        String number = percent ? t.substring(0, t.length() - 1).trim() : t;
        try {
            double v = Double.parseDouble(number);
            if (Double.isNaN(v) || Double.isInfinite(v) || number.matches(".*[a-zA-Z].*")) {
                throw new NumberFormatException();
            }
            return percent ? v / 100.0 : v;
        } catch (NumberFormatException e) {
            throw bad(what, "'" + text + "' is not a number");
        }
    }

    /** The shortest exact form of a duration: {@code 300ms}, {@code 2s}, {@code 1500us}. */
    public static String formatDuration(long nanos) {
        if (nanos == 0) {
            return "0ms";
        }
        for (int i = 0; i < UNIT_NAMES.length; i++) {
            if (nanos % UNIT_NANOS[i] == 0) {
                return (nanos / UNIT_NANOS[i]) + UNIT_NAMES[i];
            }
        }
        throw new AssertionError(nanos);
    }

    /** Nanoseconds as milliseconds. */
    public static double nanosToMillis(long nanos) {
        return nanos / 1_000_000.0;
    }
}
